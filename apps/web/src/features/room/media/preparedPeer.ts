import { browserPeerConnection, type PeerConnectionFactory } from './peer.ts';

/**
 * The subscriber's connection, made while the pre-join page shows (issue 11 item 3):
 * constructing an RTCPeerConnection blocks the main thread (8–370 ms measured on a loaded
 * 2-core machine) and the first one of a page sets up the browser's WebRTC stack in a task of
 * its own later (~40–60 ms traced). Made when `join` was sent (RoomMedia.prepareSubscriber) it
 * held up the join's reply and welcome; made at the click, its set-up landed on verify-call's
 * answer. The room's first connection with the same configuration takes it; unused, it is
 * closed after a while or when verify-call refuses.
 */

const KEEP_MS = 5 * 60_000;

let prepared: {
  pc: RTCPeerConnection;
  key: string;
  timer: ReturnType<typeof setTimeout>;
} | null = null;

/** What makes two configurations the same connection (ICE servers, bundling, encryption). */
const keyOf = (config: RTCConfiguration): string => JSON.stringify(config);

/** Makes the connection for `config`, unless one for it is here already. */
export function preparePeer(
  config: RTCConfiguration,
  create: PeerConnectionFactory = browserPeerConnection,
): void {
  if (prepared?.key === keyOf(config) && prepared.pc.signalingState === 'stable') return;
  dropPreparedPeer();
  let pc: RTCPeerConnection;
  try {
    pc = create(config);
  } catch {
    return;
  }
  prepared = { pc, key: keyOf(config), timer: setTimeout(dropPreparedPeer, KEEP_MS) };
}

/**
 * `factory`, except that a connection asked for with the configuration of the prepared one is
 * that one (once).
 */
export function withPreparedPeer(factory: PeerConnectionFactory): PeerConnectionFactory {
  return (config) => takePreparedPeer(config) ?? factory(config);
}

function takePreparedPeer(config: RTCConfiguration): RTCPeerConnection | null {
  const taken = prepared;
  if (!taken || taken.key !== keyOf(config)) return null;
  prepared = null;
  clearTimeout(taken.timer);
  return taken.pc.signalingState === 'stable' ? taken.pc : null;
}

/** Not joining after all: the prepared connection is closed. */
export function dropPreparedPeer(): void {
  const taken = prepared;
  prepared = null;
  if (!taken) return;
  clearTimeout(taken.timer);
  taken.pc.close();
}
