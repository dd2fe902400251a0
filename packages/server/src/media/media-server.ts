// Supervises Podium's Janus: writes its generated config, runs it (optionally inside a network
// namespace), waits until its API answers, watches its health and restarts it with exponential
// backoff when it dies. The room layer listens for `ready`/`restarted` to restore rooms and
// publishers, and takes the current JanusClient from here; it never sees Janus's secrets.
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants as fsConstants, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Logger } from 'pino';
import {
  type JanusConfigInput,
  type JanusSecrets,
  VIDEOROOM_PLUGIN,
  findJanusModuleRoot,
  generateSecrets,
  writeJanusConfig,
} from './janus-config.ts';
import { JanusClient } from './janus-client.ts';
import { MediaError } from './janus-errors.ts';
import { detectIceInterface } from './host-network.ts';
import {
  type NetnsSpec,
  type ResolvedNetnsSpec,
  netnsDown,
  netnsUp,
  resolveNetnsSpec,
} from './netns.ts';
import { TypedEvents } from '../shared/typed-events.ts';

export type MediaNetwork =
  | {
      /** Janus shares the host's network: API on loopback, ICE on one real interface. */
      mode: 'host';
      /** Address the API binds to (default 127.0.0.1). */
      apiIp?: string;
      /** ICE interface (default: the default-route interface). */
      iceInterface?: string;
    }
  | {
      /** Janus runs inside a network namespace joined to the host by a veth pair. */
      mode: 'netns';
      netns: NetnsSpec;
      /** Delete the namespace on close() (tests); by default it stays for the next start. */
      removeOnClose?: boolean;
    };

export interface MediaServerOptions {
  logger: Logger;
  network: MediaNetwork;
  /** Janus executable (default 'janus', looked up on PATH). */
  janusBin?: string;
  /** Janus API WebSocket port (default 8288). */
  wsPort?: number;
  /** Admin API WebSocket port; the admin API stays off when absent. */
  adminPort?: number;
  /** UDP ports for media (default 20000-40000). */
  rtpPortRange?: { min: number; max: number };
  /** Public address of a 1:1 NAT in front of this host (cloud machines). */
  publicIp?: string;
  /** Folder for the generated config (a private subfolder is created; default: os.tmpdir()). */
  workDir?: string;
  /** Where Janus's modules are installed (default: found automatically). */
  moduleRoot?: string;
  /** Janus log verbosity 0-7 (default 4). */
  debugLevel?: number;
  /** Max wait for Janus's API to answer after a spawn (default 15 s). */
  startTimeoutMs?: number;
  /** Grace after SIGINT before SIGKILL (default 5 s; Janus usually needs about 2 s). */
  stopTimeoutMs?: number;
  /** Restart delays: initial, doubled after each quick failure, capped (default 250 ms … 10 s). */
  restartDelayMs?: { initial: number; max: number };
  /** An instance up this long resets the backoff (default 30 s). */
  stableAfterMs?: number;
  /** Health probe period (default 10 s); two failed probes in a row restart Janus. */
  healthCheckIntervalMs?: number;
  /** Request timeout of the JanusClient (default 10 s). */
  requestTimeoutMs?: number;
  /** Janus drops a session silent for this long (default 60 s; clients send keepalives). */
  sessionTimeoutSeconds?: number;
}

export interface MediaServerEvents {
  /** Janus answers; `client` is connected to it. Fires after every (re)start. */
  ready: { generation: number; pid: number; client: JanusClient; restarted: boolean };
  /** Janus is back after dying: rooms and publishers must be recreated through `client`. */
  restarted: { generation: number; pid: number; client: JanusClient; downtimeMs: number };
  /** The Janus process ended; `willRestart` is false only when close() stopped it. */
  exited: {
    generation: number;
    pid: number | undefined;
    code: number | null;
    signal: NodeJS.Signals | null;
    willRestart: boolean;
    restartInMs?: number;
  };
}

interface Instance {
  generation: number;
  child: ChildProcess;
  pid: number;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exited: boolean;
  client: JanusClient | undefined;
  readyAt: number | undefined;
  stopping?: Promise<void>;
}

const OWNER_FILE = 'owner.json';
const DIR_PREFIX = 'podium-janus-';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function findExecutable(bin: string): string | undefined {
  const candidates = bin.includes('/')
    ? [bin]
    : (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin')
        .split(':')
        .concat(['/usr/sbin', '/sbin'])
        .map((dir) => path.join(dir, bin));
  return candidates.find((file) => {
    try {
      accessSync(file, fsConstants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Kills Janus processes left behind by a Podium server that died without stopping them (their
 * owner pid is gone), and removes their config folders. Folders of live owners are untouched,
 * so several servers may share one workDir.
 */
async function reapOrphans(workDir: string, logger: Logger): Promise<void> {
  let entries: string[];
  try {
    entries = await fs.readdir(workDir);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(DIR_PREFIX)) continue;
    const dir = path.join(workDir, entry);
    let owner: { ownerPid?: unknown; janusPid?: unknown };
    try {
      owner = JSON.parse(await fs.readFile(path.join(dir, OWNER_FILE), 'utf8')) as typeof owner;
    } catch {
      continue;
    }
    if (typeof owner.ownerPid !== 'number' || isAlive(owner.ownerPid)) continue;
    if (typeof owner.janusPid === 'number' && isAlive(owner.janusPid)) {
      let cmdline = '';
      try {
        cmdline = readFileSync(`/proc/${owner.janusPid}/cmdline`, 'utf8');
      } catch {
        // Gone meanwhile.
      }
      // Only a process started with this very config folder is ours to end.
      if (cmdline.includes(dir)) {
        logger.warn({ pid: owner.janusPid }, 'stopping a Janus left behind by an earlier server');
        try {
          process.kill(owner.janusPid, 'SIGKILL');
        } catch {
          // Gone meanwhile.
        }
      }
    }
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export class MediaServer {
  readonly #options: MediaServerOptions;
  readonly #logger: Logger;
  readonly #events: TypedEvents<MediaServerEvents>;
  readonly #janusBin: string;
  readonly #configInput: JanusConfigInput;
  readonly #netns: ResolvedNetnsSpec | undefined;
  readonly #apiUrl: string;
  readonly #secrets: JanusSecrets;
  readonly #stop = new AbortController();
  #instance: Instance | undefined;
  #generation = 0;
  #attempt = 0;
  #downSince: number | undefined;
  #healthTimer: NodeJS.Timeout | undefined;
  #closing: Promise<void> | undefined;
  #supervisor: Promise<void> | undefined;
  #readyWaiters: { resolve: (client: JanusClient) => void; reject: (error: Error) => void }[] = [];
  readonly #onProcessExit = () => {
    // Last resort when the server exits without close(): never leave Janus running alone.
    const child = this.#instance?.child;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };

  private constructor(
    options: MediaServerOptions,
    janusBin: string,
    configInput: JanusConfigInput,
    netns: ResolvedNetnsSpec | undefined,
  ) {
    this.#options = options;
    this.#logger = options.logger;
    this.#events = new TypedEvents(this.#logger);
    this.#janusBin = janusBin;
    this.#configInput = configInput;
    this.#netns = netns;
    this.#secrets = configInput.secrets;
    this.#apiUrl = `ws://${configInput.api.ip}:${configInput.api.port}`;
  }

  /**
   * Writes the config, starts Janus and resolves once its API answers with VideoRoom loaded.
   * Rejects (leaving nothing running) when the first start fails; later deaths are restarted.
   */
  static async create(options: MediaServerOptions): Promise<MediaServer> {
    const logger = options.logger;
    const janusBin = options.janusBin ?? 'janus';
    const resolvedBin = findExecutable(janusBin);
    if (!resolvedBin) {
      throw new MediaError(
        'other',
        `Janus not found (${janusBin}): install the Debian package "janus" or set JANUS_BIN`,
      );
    }
    const moduleRoot = options.moduleRoot ?? findJanusModuleRoot();
    if (!moduleRoot) {
      throw new MediaError('other', 'Janus modules (libjanus_videoroom.so) not found');
    }

    const workDir = path.resolve(options.workDir ?? os.tmpdir());
    await fs.mkdir(workDir, { recursive: true, mode: 0o700 });
    await reapOrphans(workDir, logger);
    const configDir = await fs.mkdtemp(path.join(workDir, DIR_PREFIX));

    let netns: ResolvedNetnsSpec | undefined;
    let api: JanusConfigInput['api'];
    let ice: JanusConfigInput['ice'];
    const network = options.network;
    if (network.mode === 'netns') {
      netns = resolveNetnsSpec(network.netns);
      api = { ip: netns.nsIp, port: options.wsPort ?? 8288, allowFrom: netns.hostIp };
      ice = { interface: netns.nsVeth, address: netns.nsIp };
    } else {
      const apiIp = network.apiIp ?? '127.0.0.1';
      api = { ip: apiIp, port: options.wsPort ?? 8288, allowFrom: apiIp };
      ice = detectIceInterface(network.iceInterface);
    }
    const configInput: JanusConfigInput = {
      configDir,
      api,
      ...(options.adminPort !== undefined ? { adminPort: options.adminPort } : {}),
      ice: { ...ice, ...(options.publicIp ? { publicIp: options.publicIp } : {}) },
      rtpPortRange: options.rtpPortRange ?? { min: 20000, max: 40000 },
      secrets: generateSecrets(),
      ...(options.debugLevel !== undefined ? { debugLevel: options.debugLevel } : {}),
      ...(options.sessionTimeoutSeconds !== undefined
        ? { sessionTimeoutSeconds: options.sessionTimeoutSeconds }
        : {}),
    };

    const server = new MediaServer(options, resolvedBin, configInput, netns);
    try {
      await writeJanusConfig(configInput, moduleRoot);
      process.once('exit', server.#onProcessExit);
      await server.#launch();
    } catch (error) {
      await server.close();
      throw error;
    }
    server.#supervisor = server.#supervise();
    return server;
  }

  on<K extends keyof MediaServerEvents>(
    event: K,
    listener: (payload: MediaServerEvents[K]) => void,
  ): () => void {
    return this.#events.on(event, listener);
  }

  once<K extends keyof MediaServerEvents>(
    event: K,
    listener: (payload: MediaServerEvents[K]) => void,
  ): () => void {
    return this.#events.once(event, listener);
  }

  /** The client connected to the running Janus; undefined while Janus is down or restarting. */
  get client(): JanusClient | undefined {
    const client = this.#instance?.client;
    return client && !client.isClosed ? client : undefined;
  }

  /** Resolves with the client as soon as Janus is up (at once when it is). */
  whenReady(): Promise<JanusClient> {
    const client = this.client;
    if (client) return Promise.resolve(client);
    // `#stop` is aborted first thing in close(), before `#closing` is even assigned: a caller
    // reacting to the shutdown of the client must not queue a waiter nobody will settle.
    if (this.#closing || this.#stop.signal.aborted) {
      return Promise.reject(new MediaError('closed', 'media server is closed'));
    }
    return new Promise((resolve, reject) => this.#readyWaiters.push({ resolve, reject }));
  }

  /**
   * A further connection to the running Janus, owned (and closed) by the caller; for work that
   * wants its own socket or its own timeouts. The shared one is `client`.
   */
  async connect(
    options: { requestTimeoutMs?: number; keepaliveIntervalMs?: number } = {},
  ): Promise<JanusClient> {
    if (this.#closing) throw new MediaError('closed', 'media server is closed');
    await this.whenReady();
    return JanusClient.connect({
      url: this.#apiUrl,
      apiSecret: this.#secrets.apiSecret,
      roomAdminKey: this.#secrets.roomAdminKey,
      logger: this.#logger,
      requestTimeoutMs: options.requestTimeoutMs ?? this.#options.requestTimeoutMs ?? 10_000,
      ...(options.keepaliveIntervalMs !== undefined
        ? { keepaliveIntervalMs: options.keepaliveIntervalMs }
        : {}),
    });
  }

  /** Janus's process id (undefined while it is down). */
  get pid(): number | undefined {
    return this.#instance && !this.#instance.exited ? this.#instance.pid : undefined;
  }

  /** Counts starts: 1 for the first Janus, +1 for every restart. */
  get generation(): number {
    return this.#generation;
  }

  /** The folder holding the generated config (and nothing else). */
  get configDir(): string {
    return this.#configInput.configDir;
  }

  /** Where ICE runs: the interface and address Janus advertises. */
  get iceAddress(): string {
    return this.#configInput.ice.publicIp ?? this.#configInput.ice.address;
  }

  /**
   * The address Janus's media sockets use on this host (its ICE interface's, never the NAT's
   * public one): where another Janus of the same network sends it plain RTP (cascading).
   */
  get localAddress(): string {
    return this.#configInput.ice.address;
  }

  /** Stops Janus (SIGINT, then SIGKILL) and removes its config; idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#stop.abort();
      clearInterval(this.#healthTimer);
      const readyWaiters = this.#readyWaiters;
      this.#readyWaiters = [];
      for (const waiter of readyWaiters)
        waiter.reject(new MediaError('closed', 'media server closed'));
      // Stop the running Janus, let the supervisor wind down (it may be mid-launch), then stop
      // whatever that launch spawned.
      for (const phase of ['running', 'after-supervisor'] as const) {
        if (phase === 'after-supervisor') await this.#supervisor?.catch(() => {});
        const instance = this.#instance;
        if (!instance) continue;
        await instance.client?.close();
        await this.#stopChild(instance);
      }
      process.off('exit', this.#onProcessExit);
      await fs.rm(this.#configInput.configDir, { recursive: true, force: true });
      if (
        this.#netns &&
        this.#options.network.mode === 'netns' &&
        this.#options.network.removeOnClose
      ) {
        await netnsDown(this.#netns);
      }
      this.#logger.info('media server stopped');
      this.#events.removeAll();
    })();
    return this.#closing;
  }

  // ---- internals ----------------------------------------------------------------------------

  #spawn(generation: number): Instance {
    const args = [
      '-C',
      path.join(this.#configInput.configDir, 'janus.jcfg'),
      '-F',
      this.#configInput.configDir,
    ];
    const command = this.#netns
      ? ['ip', 'netns', 'exec', this.#netns.name, this.#janusBin, ...args]
      : [this.#janusBin, ...args];
    const [file, ...rest] = command as [string, ...string[]];
    // `ip netns exec` execs Janus in place, so the child's pid is Janus's own and signals reach it.
    const child = spawn(file, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
    const log = this.#logger.child({ janusGeneration: generation, janusPid: child.pid });
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        if (line.includes('[FATAL]')) log.error({ janus: line }, 'janus');
        else if (line.includes('[ERR]')) log.warn({ janus: line }, 'janus');
        else log.debug({ janus: line }, 'janus');
      });
    }
    const instance: Instance = {
      generation,
      child,
      pid: child.pid ?? -1,
      exited: false,
      client: undefined,
      readyAt: undefined,
      exit: new Promise((resolve) => {
        child.once('error', (error) => {
          log.error({ err: error }, 'Janus could not be started');
          instance.exited = true;
          resolve({ code: null, signal: null });
        });
        child.once('exit', (code, signal) => {
          instance.exited = true;
          resolve({ code, signal });
        });
      }),
    };
    return instance;
  }

  /** Starts one Janus and waits until it answers; throws (with nothing left running) if not. */
  async #launch(): Promise<void> {
    if (this.#netns) await netnsUp(this.#netns);
    if (this.#stop.signal.aborted) throw new MediaError('closed', 'media server is closing');
    const generation = ++this.#generation;
    const instance = this.#spawn(generation);
    this.#instance = instance;
    await fs.writeFile(
      path.join(this.#configInput.configDir, OWNER_FILE),
      JSON.stringify({ ownerPid: process.pid, janusPid: instance.pid }),
      { mode: 0o600 },
    );
    let client: JanusClient;
    try {
      client = await this.#waitReady(instance);
    } catch (error) {
      await this.#stopChild(instance);
      throw error;
    }
    if (this.#stop.signal.aborted) {
      await client.close();
      return;
    }
    instance.client = client;
    instance.readyAt = Date.now();
    client.on('closed', ({ expected }) => {
      if (expected || instance.exited || this.#stop.signal.aborted) return;
      // Usually Janus died and its exit is about to be reported. If it is still running a
      // second later, it dropped our socket on its own: not healthy, and a restart restores it.
      setTimeout(() => {
        if (instance.exited || this.#stop.signal.aborted) return;
        this.#logger.warn('Janus closed the API connection; restarting it');
        instance.child.kill('SIGKILL');
      }, 1_000).unref();
    });
    const restarted = generation > 1;
    this.#logger.info({ generation, janusPid: instance.pid, url: this.#apiUrl }, 'Janus is ready');
    this.#startHealthChecks(instance);
    const waiters = this.#readyWaiters;
    this.#readyWaiters = [];
    for (const waiter of waiters) waiter.resolve(client);
    this.#events.emit('ready', { generation, pid: instance.pid, client, restarted });
    if (restarted) {
      const downtimeMs = this.#downSince === undefined ? 0 : Date.now() - this.#downSince;
      this.#events.emit('restarted', { generation, pid: instance.pid, client, downtimeMs });
    }
    this.#downSince = undefined;
  }

  async #waitReady(instance: Instance): Promise<JanusClient> {
    const deadline = Date.now() + (this.#options.startTimeoutMs ?? 15_000);
    let lastError: unknown;
    while (Date.now() < deadline) {
      if (instance.exited) {
        const { code, signal } = await instance.exit;
        throw new MediaError(
          'closed',
          `Janus exited during start-up (code ${code}, signal ${signal}); see its log lines`,
        );
      }
      if (this.#stop.signal.aborted) throw new MediaError('closed', 'media server is closing');
      let client: JanusClient | undefined;
      try {
        client = await JanusClient.connect({
          url: this.#apiUrl,
          apiSecret: this.#secrets.apiSecret,
          roomAdminKey: this.#secrets.roomAdminKey,
          logger: this.#logger.child({ janusGeneration: instance.generation }),
          connectTimeoutMs: 1_000,
          requestTimeoutMs: this.#options.requestTimeoutMs ?? 10_000,
        });
        const info = await client.info();
        if (!info.plugins.includes(VIDEOROOM_PLUGIN)) {
          throw new MediaError('other', 'Janus started without the VideoRoom plugin');
        }
        // `info` needs no secret; a session does. This also tells our Janus from another
        // server that already holds the port.
        await (await client.createSession()).close();
        return client;
      } catch (error) {
        await client?.close();
        if (error instanceof MediaError && error.kind === 'unauthorized') {
          // Something else answers on our port (another Janus?) and refuses our secret.
          throw new MediaError(
            'unauthorized',
            `a server on ${this.#apiUrl} refused Podium's API secret`,
          );
        }
        if (error instanceof MediaError && error.kind === 'other') throw error;
        lastError = error;
      }
      await sleep(100, this.#stop.signal);
    }
    throw new MediaError(
      'timeout',
      `Janus did not answer on ${this.#apiUrl} in time: ${lastError instanceof Error ? lastError.message : String(lastError)}`,
    );
  }

  #startHealthChecks(instance: Instance): void {
    clearInterval(this.#healthTimer);
    const period = this.#options.healthCheckIntervalMs ?? 10_000;
    let failures = 0;
    let probing = false;
    this.#healthTimer = setInterval(() => {
      const client = instance.client;
      if (probing || !client || client.isClosed || instance.exited) return;
      probing = true;
      client
        .info()
        .then(() => {
          failures = 0;
        })
        .catch((error: unknown) => {
          failures += 1;
          this.#logger.warn({ err: error, failures }, 'Janus health probe failed');
          if (failures >= 2 && !instance.exited && !this.#stop.signal.aborted) {
            this.#logger.error('Janus stopped answering; restarting it');
            instance.child.kill('SIGKILL');
          }
        })
        .finally(() => {
          probing = false;
        });
    }, period);
    this.#healthTimer.unref();
  }

  /** Waits for the running Janus to die, then restarts it with backoff, until close(). */
  async #supervise(): Promise<void> {
    const { initial, max } = this.#options.restartDelayMs ?? { initial: 250, max: 10_000 };
    const stableAfter = this.#options.stableAfterMs ?? 30_000;
    const nextDelay = () => Math.min(initial * 2 ** this.#attempt++, max);
    while (!this.#stop.signal.aborted) {
      const instance = this.#instance;
      if (!instance) return;
      const { code, signal } = await instance.exit;
      if (this.#stop.signal.aborted) return;
      clearInterval(this.#healthTimer);
      this.#downSince ??= Date.now();
      await instance.client?.close();
      if (instance.readyAt !== undefined && Date.now() - instance.readyAt >= stableAfter) {
        this.#attempt = 0;
      }
      let delay = nextDelay();
      this.#logger.error(
        { generation: instance.generation, code, signal, restartInMs: delay },
        'Janus exited unexpectedly',
      );
      this.#events.emit('exited', {
        generation: instance.generation,
        pid: instance.pid,
        code,
        signal,
        willRestart: true,
        restartInMs: delay,
      });
      for (;;) {
        await sleep(delay, this.#stop.signal);
        if (this.#stop.signal.aborted) return;
        try {
          await this.#launch();
          break;
        } catch (error) {
          this.#logger.error({ err: error }, 'restarting Janus failed');
          // A Janus was spawned and has exited: the outer loop reports it and backs off.
          if (this.#instance !== instance) break;
          // Nothing was spawned (e.g. the namespace could not be set up): back off and retry.
          delay = nextDelay();
        }
      }
    }
  }

  /** SIGINT, then SIGKILL after the grace period; one stop per instance however often asked. */
  #stopChild(instance: Instance): Promise<void> {
    instance.stopping ??= (async () => {
      if (!instance.exited) {
        instance.child.kill('SIGINT');
        const timeout = this.#options.stopTimeoutMs ?? 5_000;
        let timer: NodeJS.Timeout | undefined;
        const graceful = await Promise.race([
          instance.exit.then(() => true),
          new Promise<false>((resolve) => {
            timer = setTimeout(() => resolve(false), timeout);
          }),
        ]);
        clearTimeout(timer);
        if (!graceful) {
          this.#logger.warn({ pid: instance.pid }, 'Janus ignored SIGINT; killing it');
          instance.child.kill('SIGKILL');
        }
      }
      const { code, signal } = await instance.exit;
      if (this.#stop.signal.aborted) {
        this.#events.emit('exited', {
          generation: instance.generation,
          pid: instance.pid,
          code,
          signal,
          willRestart: false,
        });
      }
    })();
    return instance.stopping;
  }
}
