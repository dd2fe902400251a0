import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type {
  EgressEvents,
  EgressOptions,
  EgressOutput,
  EgressOutputStatus,
  EgressSession,
  RoomEgress,
} from '../../realtime/room-egress.ts';
import { finaliseFile } from './finalise.ts';
import type { ChildMessage, EgressRequest, ParentMessage } from './ipc.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../../..');

const RESOLUTIONS = {
  '720p': { width: 1280, height: 720 },
  '1080p': { width: 1920, height: 1080 },
} as const;

export interface EgressSupervisorOptions {
  ffmpegBin: string;
  chromiumBin: string;
  /** The address the recorder page reaches the egress at (127.0.0.1, or MEDIA_NETNS's host side). */
  ingestHost: string;
  /** Chromium runs in this namespace (the one Janus runs in). */
  netns?: { name: string; hostIp: string } | undefined;
  /**
   * The recorder page of a room (with its short-lived token), given the session's ingest socket.
   * Absent: no browser is launched and the stream must come from elsewhere (tests feed it).
   */
  recorderPage?: (
    roomId: string,
    ingestUrl: string,
    size: { width: number; height: number },
  ) => Promise<string>;
  /** Hears each session's ingest socket (tests feed a synthetic stream into it). */
  onIngest?: (roomId: string, ingestUrl: string) => void;
  log: Logger;
}

interface Pending {
  resolve(data: unknown): void;
  reject(error: Error): void;
}

/**
 * The server's side of the egress: runs the egress process (media/egress/main.ts) as a
 * supervised child — restarted with backoff when it dies — and implements RoomEgress over it.
 * When the process dies, every session's outputs fail with `egress_crashed`, file outputs are
 * finalised here from the segments they left, and recorder browsers are ended.
 */
export class EgressSupervisor implements RoomEgress {
  readonly available = true;
  readonly #options: EgressSupervisorOptions;
  readonly #log: Logger;
  #child: ChildProcess | undefined;
  #ready: Promise<number> | undefined;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  readonly #sessions = new Map<string, SupervisedSession>();
  readonly #byRoom = new Map<string, Promise<SupervisedSession>>();
  #closed = false;
  #restarts = 0;
  #restartTimer: NodeJS.Timeout | undefined;

  constructor(options: EgressSupervisorOptions) {
    this.#options = options;
    this.#log = options.log.child({ component: 'egress' });
  }

  /**
   * The egress process starts with the first session (most servers never record), and again
   * with the next session after it died.
   */
  static create(options: EgressSupervisorOptions): EgressSupervisor {
    return new EgressSupervisor(options);
  }

  /** The egress process's pid (tests end it to check crash handling). */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  open(roomId: string, options: EgressOptions): Promise<EgressSession> {
    if (this.#closed) return Promise.reject(new Error('egress is closed'));
    let session = this.#byRoom.get(roomId);
    if (!session) {
      session = this.#openSession(roomId, options);
      this.#byRoom.set(roomId, session);
      session.catch(() => {
        if (this.#byRoom.get(roomId) === session) this.#byRoom.delete(roomId);
      });
    }
    return session;
  }

  async #openSession(roomId: string, options: EgressOptions): Promise<SupervisedSession> {
    const ingestPort = await this.#startedChild();
    const id = crypto.randomBytes(16).toString('base64url');
    const size = RESOLUTIONS[options.resolution];
    const ingestUrl = `ws://${this.#options.ingestHost}:${ingestPort}/ingest/${id}`;
    const pageUrl = this.#options.recorderPage
      ? await this.#options.recorderPage(roomId, ingestUrl, size)
      : undefined;
    const session = new SupervisedSession(this, id, roomId, options.log);
    this.#sessions.set(id, session);
    try {
      await this.request({
        t: 'open',
        session: id,
        roomId,
        ...size,
        ...(pageUrl ? { pageUrl } : {}),
      });
    } catch (error) {
      this.#sessions.delete(id);
      throw error;
    }
    this.#options.onIngest?.(roomId, ingestUrl);
    options.log.info({ resolution: options.resolution }, 'egress session opened');
    return session;
  }

  /** @internal one request to the egress process. */
  request(request: EgressRequest): Promise<unknown> {
    const child = this.#child;
    if (!child?.connected) return Promise.reject(new Error('egress_crashed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      child.send({ id, ...request } satisfies ParentMessage);
    });
  }

  /** @internal */
  sessionEnded(session: SupervisedSession): void {
    this.#sessions.delete(session.id);
    void this.#byRoom.get(session.roomId)?.then((s) => {
      if (s === session) this.#byRoom.delete(session.roomId);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#restartTimer);
    await Promise.all([...this.#sessions.values()].map((s) => s.close().catch(() => undefined)));
    const child = this.#child;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  }

  #startedChild(): Promise<number> {
    return this.#ready ?? this.#start();
  }

  #start(): Promise<number> {
    if (this.#closed) return Promise.reject(new Error('egress is closed'));
    const ts = fileURLToPath(import.meta.url).endsWith('.ts');
    // From the sources (dev, tests) through tsx; from the bundle, dist/egress.js beside main.js.
    const entry = ts ? path.join(here, 'main.ts') : path.join(here, 'egress.js');
    const child = fork(entry, [], {
      cwd: repoRoot,
      execArgv: ts ? ['--import', 'tsx'] : ['--enable-source-maps'],
      env: {
        ...process.env,
        EGRESS_FFMPEG: this.#options.ffmpegBin,
        EGRESS_CHROMIUM: this.#options.chromiumBin,
        EGRESS_INGEST_HOST: this.#options.ingestHost,
        EGRESS_NETNS: this.#options.netns?.name ?? '',
        EGRESS_NETNS_HOST_IP: this.#options.netns?.hostIp ?? '',
      },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.#child = child;
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (t: string) => {
      stderr = (stderr + t).slice(-2000);
    });
    this.#ready = new Promise<number>((resolve, reject) => {
      const onMessage = (m: ChildMessage): void => {
        if (m.t === 'ready') resolve(m.ingestPort);
      };
      child.on('message', onMessage);
      child.once('exit', () => reject(new Error(`egress process exited at start: ${stderr}`)));
    });
    this.#ready.catch(() => undefined);
    child.on('message', (m: ChildMessage) => this.#onMessage(m));
    child.once('exit', (code, signal) => void this.#onExit(child, code, signal, stderr));
    return this.#ready;
  }

  #onMessage(m: ChildMessage): void {
    switch (m.t) {
      case 'ready':
        this.#log.info('egress process ready');
        return;
      case 'reply': {
        const pending = this.#pending.get(m.id);
        this.#pending.delete(m.id);
        if (m.ok) pending?.resolve(m.data);
        else pending?.reject(new Error(m.error));
        return;
      }
      case 'output':
        this.#sessions.get(m.session)?.received(m.status);
        return;
      case 'ended':
        this.#sessions.get(m.session)?.ended(m.reason);
        return;
      case 'browser':
        this.#sessions.get(m.session)?.browser(m.pid);
        return;
      case 'log':
        this.#log[m.level](m.data ?? {}, m.msg);
        return;
      default: {
        const never: never = m;
        this.#log.warn({ message: never }, 'unknown egress message');
      }
    }
  }

  async #onExit(
    child: ChildProcess,
    code: number | null,
    signal: NodeJS.Signals | null,
    stderr: string,
  ): Promise<void> {
    if (this.#child !== child) return;
    this.#child = undefined;
    this.#ready = undefined;
    for (const pending of this.#pending.values()) pending.reject(new Error('egress_crashed'));
    this.#pending.clear();
    const sessions = [...this.#sessions.values()];
    if (!this.#closed || sessions.length) {
      this.#log.error({ code, signal, stderr: stderr.slice(-500) }, 'egress process died');
    }
    await Promise.all(sessions.map((s) => s.crashed(this.#options.ffmpegBin)));
    if (this.#closed) return;
    // Restarted at once the first time, then with backoff up to 30 s; a new session in the
    // meantime starts it itself.
    const delay = Math.min(30_000, this.#restarts === 0 ? 0 : 1000 * 2 ** (this.#restarts - 1));
    this.#restarts++;
    this.#restartTimer = setTimeout(() => {
      if (this.#closed || this.#ready) return;
      void this.#start().then(
        () => {
          // Healthy for a minute: the next crash restarts at once again.
          setTimeout(() => (this.#restarts = 0), 60_000).unref();
        },
        (error: unknown) => this.#log.error({ err: error }, 'egress process failed to restart'),
      );
    }, delay);
    this.#restartTimer.unref();
  }
}

/** A room's session as the features see it; the work happens in the egress process. */
class SupervisedSession implements EgressSession {
  readonly id: string;
  readonly roomId: string;
  readonly #supervisor: EgressSupervisor;
  readonly #log: Logger;
  readonly #statuses = new Map<string, EgressOutputStatus>();
  readonly #outputs = new Map<string, EgressOutput>();
  readonly #listeners: { [E in keyof EgressEvents]: Set<EgressEvents[E]> } = {
    output: new Set(),
    ended: new Set(),
  };
  #browserPid: number | null = null;
  #ended = false;

  constructor(supervisor: EgressSupervisor, id: string, roomId: string, log: Logger) {
    this.#supervisor = supervisor;
    this.id = id;
    this.roomId = roomId;
    this.#log = log;
  }

  async addOutput(output: EgressOutput): Promise<void> {
    if (this.#ended) throw new Error('egress session ended');
    if (this.#outputs.has(output.id)) throw new Error(`output ${output.id} exists`);
    this.#outputs.set(output.id, output);
    this.received({ outputId: output.id, state: 'starting' });
    // SECURITY: `output` may hold an RTMP URL with its key: it goes to the egress process only.
    await this.#supervisor.request({ t: 'add', session: this.id, output, at: Date.now() });
  }

  async removeOutput(outputId: string, at = Date.now()): Promise<EgressOutputStatus> {
    const status = this.#statuses.get(outputId);
    if (!status) throw new Error(`no output ${outputId}`);
    if (this.#ended) return status;
    const last = (await this.#supervisor.request({
      t: 'remove',
      session: this.id,
      outputId,
      at,
    })) as EgressOutputStatus;
    this.#statuses.set(outputId, last);
    return last;
  }

  async pause(outputId: string, at = Date.now()): Promise<void> {
    await this.#supervisor.request({ t: 'pause', session: this.id, outputId, at });
  }

  async resume(outputId: string, at = Date.now()): Promise<void> {
    await this.#supervisor.request({ t: 'resume', session: this.id, outputId, at });
  }

  status(): readonly EgressOutputStatus[] {
    return [...this.#statuses.values()];
  }

  on<E extends keyof EgressEvents>(event: E, listener: EgressEvents[E]): () => void {
    const set = this.#listeners[event] as Set<EgressEvents[E]>;
    set.add(listener);
    return () => set.delete(listener);
  }

  async close(): Promise<void> {
    if (this.#ended) return;
    try {
      await this.#supervisor.request({ t: 'close', session: this.id });
    } catch (error) {
      if (!this.#ended) throw error;
    }
  }

  /** @internal a status from the egress process. */
  received(status: EgressOutputStatus): void {
    this.#statuses.set(status.outputId, status);
    for (const listener of this.#listeners.output) listener(status);
  }

  /** @internal */
  browser(pid: number | null): void {
    this.#browserPid = pid;
  }

  /** @internal */
  ended(reason: 'closed' | 'egress_crashed'): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#supervisor.sessionEnded(this);
    this.#log.info({ reason }, 'egress session ended');
    for (const listener of this.#listeners.ended) listener(reason);
  }

  /** @internal the egress process died: fail what was live, keep what files recorded. */
  async crashed(ffmpegBin: string): Promise<void> {
    if (this.#browserPid) {
      try {
        process.kill(this.#browserPid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    for (const [id, status] of this.#statuses) {
      if (status.state === 'stopped' || status.state === 'failed') continue;
      const output = this.#outputs.get(id);
      if (output?.kind === 'file') {
        // The segment being written gets its last fragment when its ffmpeg sees the pipe close.
        await waitForSegmentWriters();
        await finaliseFile(output.path, ffmpegBin).catch((error: unknown) =>
          this.#log.error({ err: error }, 'recording could not be finalised after a crash'),
        );
      }
      this.received({ ...status, state: 'failed', failure: 'egress_crashed' });
    }
    this.ended('egress_crashed');
  }
}

/** The output ffmpegs of a dead egress process finish their files when their input closes. */
function waitForSegmentWriters(): Promise<void> {
  return new Promise((r) => setTimeout(r, 1500));
}
