import fs from 'node:fs/promises';
import type {
  EgressEvents,
  EgressOutput,
  EgressOutputStatus,
  EgressSession,
  RoomEgress,
} from '../../src/realtime/room-egress.ts';

/**
 * A stand-in for the egress process in gateway tests of the recording feature: it honours the
 * RoomEgress contract (room-egress.ts) without Chromium or ffmpeg. A file output writes
 * `bytesPerWrite` known bytes on start and on every `tick()` while running (not while paused),
 * so the library's sizes and Range answers can be checked byte for byte; `fail()` and `crash()`
 * report failures the way the real egress does. The browser e2e (e2e/calls/recording.spec.ts)
 * runs the real one.
 */
export class FileEgress implements RoomEgress {
  available = true;
  /** The next `open` fails (as when Chromium or ffmpeg cannot start). */
  failNextOpen = false;
  readonly sessions = new Map<string, FileEgressSession>();
  readonly opened: Array<{ roomId: string; resolution: '720p' | '1080p' }> = [];

  open(roomId: string, options: { resolution: '720p' | '1080p' }): Promise<EgressSession> {
    this.opened.push({ roomId, resolution: options.resolution });
    if (this.failNextOpen) {
      this.failNextOpen = false;
      return Promise.reject(new Error('the egress could not start'));
    }
    let session = this.sessions.get(roomId);
    if (!session || session.closed) {
      session = new FileEgressSession(roomId, () => this.sessions.delete(roomId));
      this.sessions.set(roomId, session);
    }
    return Promise.resolve(session);
  }

  /** The one session (tests record one room at a time). */
  only(): FileEgressSession {
    const [session] = [...this.sessions.values()];
    if (!session) throw new Error('no egress session');
    return session;
  }
}

/** The byte at `offset` of every file the stand-in writes. */
export const byteAt = (offset: number): number => (offset * 7 + 3) % 251;

export const BYTES_PER_WRITE = 1000;

interface FileState {
  output: Extract<EgressOutput, { kind: 'file' }>;
  state: EgressOutputStatus['state'];
  bytes: number;
  durationMs: number;
}

export class FileEgressSession implements EgressSession {
  readonly roomId: string;
  closed = false;
  readonly #outputs = new Map<string, FileState>();
  readonly #listeners: { [E in keyof EgressEvents]: Set<EgressEvents[E]> } = {
    output: new Set(),
    ended: new Set(),
  };
  readonly #onClose: () => void;

  constructor(roomId: string, onClose: () => void) {
    this.roomId = roomId;
    this.#onClose = onClose;
  }

  async addOutput(output: EgressOutput): Promise<void> {
    if (output.kind !== 'file') throw new Error('the stand-in writes files only');
    const file: FileState = { output, state: 'running', bytes: 0, durationMs: 0 };
    this.#outputs.set(output.id, file);
    await this.#write(file);
    this.#report(file);
  }

  /** Writes another chunk to every running file output (as if a second was recorded). */
  async tick(): Promise<void> {
    for (const file of this.#outputs.values()) {
      if (file.state !== 'running') continue;
      await this.#write(file);
      file.durationMs += 1000;
    }
  }

  async removeOutput(outputId: string): Promise<EgressOutputStatus> {
    const file = this.#outputs.get(outputId);
    if (!file) throw new Error(`no output ${outputId}`);
    this.#outputs.delete(outputId);
    if (file.state !== 'failed') file.state = 'stopped';
    const status = this.#report(file);
    if (this.#outputs.size === 0) await this.close();
    return status;
  }

  pause(outputId: string): Promise<void> {
    this.#set(outputId, 'paused');
    return Promise.resolve();
  }

  resume(outputId: string): Promise<void> {
    this.#set(outputId, 'running');
    return Promise.resolve();
  }

  status(): readonly EgressOutputStatus[] {
    return [...this.#outputs.values()].map((f) => this.#statusOf(f));
  }

  on<E extends keyof EgressEvents>(event: E, listener: EgressEvents[E]): () => void {
    const set = this.#listeners[event] as Set<EgressEvents[E]>;
    set.add(listener);
    return () => set.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.#onClose();
    for (const l of this.#listeners.ended) l('closed');
    return Promise.resolve();
  }

  /** One output fails (disk full, encoder failure) as the real egress reports it. */
  fail(outputId: string, failure: 'disk_full' | 'encoder_failed'): void {
    const file = this.#outputs.get(outputId);
    if (!file) throw new Error(`no output ${outputId}`);
    file.state = 'failed';
    for (const l of this.#listeners.output) l({ ...this.#statusOf(file), failure });
  }

  /** The egress process died: every output fails, the files keep what they had, the session ends. */
  crash(): void {
    this.closed = true;
    this.#onClose();
    for (const file of this.#outputs.values()) {
      file.state = 'failed';
      for (const l of this.#listeners.output)
        l({ ...this.#statusOf(file), failure: 'egress_crashed' });
    }
    this.#outputs.clear();
    for (const l of this.#listeners.ended) l('egress_crashed');
  }

  outputIds(): string[] {
    return [...this.#outputs.keys()];
  }

  #set(outputId: string, state: 'running' | 'paused'): void {
    const file = this.#outputs.get(outputId);
    if (!file) throw new Error(`no output ${outputId}`);
    file.state = state;
    this.#report(file);
  }

  async #write(file: FileState): Promise<void> {
    const chunk = Buffer.alloc(BYTES_PER_WRITE);
    for (let i = 0; i < chunk.length; i++) chunk[i] = byteAt(file.bytes + i);
    await fs.appendFile(file.output.path, chunk);
    file.bytes += chunk.length;
  }

  #statusOf(file: FileState): EgressOutputStatus {
    return {
      outputId: file.output.id,
      state: file.state,
      bytes: file.bytes,
      durationMs: file.durationMs,
    };
  }

  #report(file: FileState): EgressOutputStatus {
    const status = this.#statusOf(file);
    for (const l of this.#listeners.output) l(status);
    return status;
  }
}
