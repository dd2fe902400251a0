/**
 * A signaling socket opened at the click on Join, while verify-call is still under way (issue 11
 * item 3): the room adopts it for its first connection instead of connecting only after its page
 * mounted. The server says nothing before `hello` and closes a socket that has not greeted
 * within 10 s, so an unadopted one is closed well before that.
 */
import { OPEN, safeClose } from './SocketCore.ts';

const KEEP_MS = 5_000;

let spare: { socket: WebSocket; url: string; timer: ReturnType<typeof setTimeout> } | null = null;

export function preopenSocket(
  url: string,
  create: (url: string) => WebSocket = (u) => new WebSocket(u),
): void {
  dropPreopenedSocket();
  let socket: WebSocket;
  try {
    socket = create(url);
  } catch {
    return;
  }
  // Errors end in 'close'; a socket that closed is simply not adopted.
  socket.addEventListener('error', () => undefined);
  spare = { socket, url, timer: setTimeout(dropPreopenedSocket, KEEP_MS) };
}

/** The socket opened for `url`, once, if it is still connecting or open; else null. */
export function takePreopenedSocket(url: string): WebSocket | null {
  const taken = spare;
  spare = null;
  if (!taken) return null;
  clearTimeout(taken.timer);
  const { socket } = taken;
  // Connecting (0) or open: adopted.
  if (taken.url === url && socket.readyState <= OPEN) return socket;
  safeClose(socket);
  return null;
}

/** Not joining after all (verify-call refused): the socket opened for it is closed. */
export function dropPreopenedSocket(): void {
  const taken = spare;
  spare = null;
  if (!taken) return;
  clearTimeout(taken.timer);
  safeClose(taken.socket);
}
