import WebSocket from 'ws';
import {
  PROTOCOL_VERSION,
  serverMessage,
  apiPaths,
  type ClientMessageInput,
  type ServerMessage,
} from '@podium/protocol';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Request = DistributiveOmit<ClientMessageInput, 'id' | 'v'>;

const API_HEADERS = {
  'X-Requested-With': 'XMLHttpRequest',
  'content-type': 'application/json',
};
const WAIT_MS = 10_000;

async function post(baseUrl: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: API_HEADERS,
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/**
 * A guest in the room without a browser: the same calls a browser makes (verify-call for a join
 * ticket, POST /member/v1/auth for socket credentials), then the signaling socket with `hello`
 * and `join`, no camera or microphone. Fills a room's seats cheaply; every frame the server
 * sends is checked against the protocol.
 */
export class SocketPerson {
  readonly #ws: WebSocket;
  readonly #received: ServerMessage[] = [];
  readonly #waiters = new Set<() => void>();
  #seq = 0;
  participantId = '';
  /** Frames that did not match the protocol's server schema (must stay empty). */
  readonly invalid: string[] = [];

  private constructor(
    readonly name: string,
    ws: WebSocket,
  ) {
    this.#ws = ws;
    ws.on('message', (data) => {
      const text = data.toString();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const parsed = serverMessage.safeParse(json);
      if (parsed.success) this.#received.push(parsed.data);
      else this.invalid.push(text);
      for (const wake of [...this.#waiters]) wake();
    });
    ws.on('close', () => {
      for (const wake of [...this.#waiters]) wake();
    });
  }

  /** Gets a join ticket as a guest named `name`, greets and joins; resolves once welcomed. */
  static async join(baseUrl: string, alias: string, name: string): Promise<SocketPerson> {
    const { ticket } = (await post(baseUrl, '/api/quickom/qrcode/verify-call', {
      alias,
      display_name: name,
    })) as { ticket: string };
    const { credentials } = (await post(baseUrl, '/member/v1/auth', { ticket })) as {
      credentials: string;
    };
    const ws = new WebSocket(new URL(apiPaths.signal.socket, baseUrl.replace(/^http/, 'ws')));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const person = new SocketPerson(name, ws);
    await person.request({ type: 'hello', protocol_version: PROTOCOL_VERSION, credentials });
    const joined = await person.request({ type: 'join', has_mic: false, has_camera: false });
    person.participantId = String(joined.participant_id);
    await person.#next((m) => m.type === 'welcome');
    return person;
  }

  /** Sends a request; resolves with its reply's data, throws on an error reply. */
  async request(message: Request): Promise<Record<string, unknown>> {
    this.#seq += 1;
    const id = `s${this.#seq}`;
    this.#ws.send(JSON.stringify({ v: PROTOCOL_VERSION, ...message, id }));
    const answer = await this.#next(
      (m) => (m.type === 'reply' || m.type === 'error') && m.id === id,
    );
    if (answer.type === 'error') {
      throw new Error(`${this.name}: ${message.type} refused: ${answer.code} ${answer.message}`);
    }
    return answer.type === 'reply' ? (answer.data ?? {}) : {};
  }

  #next(match: (m: ServerMessage) => boolean): Promise<ServerMessage> {
    return new Promise((resolve, reject) => {
      let seen = 0;
      const look = (): boolean => {
        for (; seen < this.#received.length; seen++) {
          const m = this.#received[seen]!;
          if (match(m)) {
            resolve(m);
            return true;
          }
        }
        if (this.#ws.readyState === WebSocket.CLOSED) {
          reject(new Error(`${this.name}: socket closed while waiting`));
          return true;
        }
        return false;
      };
      if (look()) return;
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`${this.name}: no answer in ${WAIT_MS} ms`));
      }, WAIT_MS);
      const check = (): void => {
        if (!look()) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
      };
      this.#waiters.add(check);
    });
  }

  /** Leaves for good (`leave`, then the socket closes). */
  async leave(): Promise<void> {
    await this.request({ type: 'leave' });
    this.close();
  }

  close(): void {
    this.#ws.close();
  }
}
