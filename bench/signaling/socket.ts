import { performance } from 'node:perf_hooks';
import WebSocket, { type RawData } from 'ws';
import { PROTOCOL_VERSION, apiPaths } from '@podium/protocol';

/** A server frame, read only as far as the benchmark needs. */
interface Frame {
  type?: string;
  id?: string | null;
  data?: Record<string, unknown>;
  message?: unknown;
  participant_id?: string;
  code?: string;
}

/** Something every socket watches for (one chat message, one hand raise). */
export interface Probe {
  /** Cheap test on the raw text first, so frames of no interest are not inspected further. */
  marker: string;
  type: string;
  sentAt: number;
  /** Receipt times minus `sentAt`, one per socket that saw it. */
  latencies: number[];
}

/**
 * A signaling client stripped to what the benchmark measures: no schema validation (that would
 * be the client's CPU, not the server's), one JSON.parse per frame, byte counts, receipt times.
 */
export class BenchSocket {
  readonly ws: WebSocket;
  /** Payload bytes received so far. */
  bytes = 0;
  frames = 0;
  participantId: string | null = null;
  welcomeAt: number | null = null;
  welcomeBytes = 0;
  closeCode: number | null = null;
  /** Frame types received (counts), for reports. */
  readonly types = new Map<string, number>();
  #seq = 0;
  readonly #pending = new Map<
    string,
    { resolve: (f: Frame) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();
  #welcomeWaiter: { resolve: () => void; reject: (e: Error) => void } | null = null;
  #probes: Probe[] = [];
  #seen = new Set<Probe>();

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data: RawData) => this.#onMessage(data));
    ws.on('close', (code) => {
      this.closeCode = code;
      const error = new Error(`socket closed with ${code}`);
      for (const p of this.#pending.values()) {
        clearTimeout(p.timer);
        p.reject(error);
      }
      this.#pending.clear();
      this.#welcomeWaiter?.reject(error);
      this.#welcomeWaiter = null;
    });
    ws.on('error', () => undefined); // the close that follows is what counts
  }

  static connect(baseUrl: string, timeoutMs: number): Promise<BenchSocket> {
    const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + apiPaths.signal.socket, {
      handshakeTimeout: timeoutMs,
      perMessageDeflate: false,
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new BenchSocket(ws)));
      ws.once('error', reject);
    });
  }

  watch(probe: Probe): void {
    this.#probes.push(probe);
  }

  unwatch(probe: Probe): void {
    this.#probes = this.#probes.filter((p) => p !== probe);
    this.#seen.delete(probe);
  }

  #onMessage(data: RawData): void {
    const at = performance.now();
    const buffer = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
    this.bytes += buffer.length;
    this.frames += 1;
    const text = buffer.toString('utf8');
    for (const probe of this.#probes) {
      if (!this.#seen.has(probe) && text.includes(probe.marker) && text.includes(probe.type)) {
        this.#seen.add(probe);
        probe.latencies.push(at - probe.sentAt);
      }
    }
    let frame: Frame;
    try {
      frame = JSON.parse(text) as Frame;
    } catch {
      return;
    }
    const type = frame.type ?? '?';
    this.types.set(type, (this.types.get(type) ?? 0) + 1);
    if ((type === 'reply' || type === 'error') && typeof frame.id === 'string') {
      const pending = this.#pending.get(frame.id);
      if (pending) {
        this.#pending.delete(frame.id);
        clearTimeout(pending.timer);
        pending.resolve(frame);
      }
    } else if (type === 'welcome' && this.welcomeAt === null) {
      this.welcomeAt = at;
      this.welcomeBytes = buffer.length;
      this.#welcomeWaiter?.resolve();
      this.#welcomeWaiter = null;
    }
  }

  /** Sends a request; resolves with the reply's data, throws on an error answer or timeout. */
  request(message: Record<string, unknown>, timeoutMs: number): Promise<Record<string, unknown>> {
    this.#seq += 1;
    const id = `b${this.#seq}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`${String(message.type)}: no answer in ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending.set(id, {
        resolve: (frame) => {
          if (frame.type === 'reply') resolve(frame.data ?? {});
          else reject(new Error(`${String(message.type)} refused: ${frame.code ?? '?'}`));
        },
        reject,
        timer,
      });
      this.ws.send(JSON.stringify({ ...message, id }));
    });
  }

  hello(credentials: string, timeoutMs: number): Promise<Record<string, unknown>> {
    return this.request(
      { type: 'hello', protocol_version: PROTOCOL_VERSION, credentials },
      timeoutMs,
    );
  }

  waitWelcome(timeoutMs: number): Promise<void> {
    if (this.welcomeAt !== null) return Promise.resolve();
    if (this.closeCode !== null) {
      return Promise.reject(new Error(`socket closed with ${this.closeCode}`));
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#welcomeWaiter = null;
        reject(new Error(`no welcome in ${timeoutMs} ms`));
      }, timeoutMs);
      this.#welcomeWaiter = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) {
      this.ws.terminate();
    }
  }
}
