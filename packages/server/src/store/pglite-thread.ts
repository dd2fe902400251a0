import { fork } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What drizzle's PGlite driver reads of a query's answer. */
export interface ThreadResults {
  rows: unknown[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

/** The query options drizzle passes: row shape, and parsers that keep some types as text. */
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/** The part of PGlite's interface drizzle-orm/pglite uses, for a query or inside a transaction. */
export interface ThreadConnection {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults>;
  exec(sql: string): Promise<void>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type Reply =
  | { op: 'ready' }
  | { op: 'failed'; error: Record<string, unknown> }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

/**
 * The process's Node options for the worker (so `--cpu-prof` or a heap limit apply to it too),
 * less a TypeScript loader: the worker is plain JavaScript and the loader costs start-up time
 * and memory.
 */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i += 1) {
    const arg = execArgv[i]!;
    const loaderFlag = /^--(import|require|loader|experimental-loader)$/.test(arg);
    if (loaderFlag && /tsx/.test(execArgv[i + 1] ?? '')) {
      i += 1;
      continue;
    }
    if (/^--(import|require|loader|experimental-loader)=.*tsx/.test(arg)) continue;
    // The young generation's size is per isolate and a Worker refuses it in execArgv
    // (ERR_WORKER_INVALID_EXEC_ARGV): the main thread's setting stays the main thread's.
    if (/^--(max|min)-semi-space-size=/.test(arg)) continue;
    out.push(arg);
  }
  return out;
}

/**
 * What PgliteThread needs of the other side: a worker thread, or a forked process speaking the
 * same messages over its IPC channel.
 */
interface Peer {
  /** Emits 'message' (a Reply), 'error' and 'exit' (with the exit code). */
  events: EventEmitter;
  post(message: Record<string, unknown>): void;
  /** Keep the process alive while it works (or not). */
  ref(): void;
  unref(): void;
  /** Ends it once the database is closed. */
  end(): Promise<void>;
}

function workerFile(): string {
  // A path, not `new URL('./…', import.meta.url)`: Vite rewrites that pattern into an asset URL
  // when the web project's tests (jsdom) start a real server, and a Worker takes only file URLs.
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-worker.mjs');
}

function threadPeer(dataDir: string): Peer {
  const worker = new Worker(workerFile(), {
    workerData: { dataDir },
    execArgv: workerExecArgv(process.execArgv),
  });
  return {
    events: worker,
    post: (message) => worker.postMessage(message),
    ref: () => worker.ref(),
    unref: () => worker.unref(),
    end: async () => {
      await worker.terminate();
    },
  };
}

function processPeer(dataDir: string): Peer {
  const child = fork(workerFile(), [dataDir], {
    execArgv: workerExecArgv(process.execArgv),
    // Structured clone, as between threads: parameters and rows keep their types.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    events: child,
    post: (message) => child.send(message),
    ref: () => {
      child.ref();
      child.channel?.ref();
    },
    unref: () => {
      child.unref();
      child.channel?.unref();
    },
    end: async () => {
      // With its channel gone and its database closed, nothing keeps the process running; this
      // one waits for it to end (unreferenced, it would not keep the server waiting).
      child.ref();
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}

/** The worker's error as an Error again, with PostgreSQL's fields (code, constraint…) on it. */
function toError(data: Record<string, unknown>): Error {
  const error = new Error(String(data.message ?? 'PGlite error'));
  Object.assign(error, data);
  if (typeof data.name === 'string') error.name = data.name;
  return error;
}

/**
 * PGlite running in a worker thread (store/pglite-worker.mjs), behind the subset of PGlite's
 * interface that drizzle uses: `query`, `exec` and `transaction`. The database is single-session;
 * PGlite in the worker serialises queries and holds other queries back while a transaction is
 * open, exactly as it does in-process, so a transaction here keeps its meaning.
 */
export class PgliteThread implements ThreadConnection {
  /** The worker thread (or, while a database is created, the process) PGlite runs in. */
  #worker: Peer;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #dead: Error | null = null;

  private constructor(worker: Peer) {
    this.#worker = worker;
  }

  /**
   * Starts the worker and opens (or creates) the database in `dataDir`. `process: true` runs it
   * in a child process instead of a thread, for a database only being created and migrated:
   * initdb grows PGlite's WebAssembly memory to ~780 MB and leaves the C library's arenas holding
   * tens of MB of what it freed; a thread's stay in the server for good, a process's go back to
   * the system when it exits (bench/README.md, idle memory on PGlite).
   */
  static async start(dataDir: string, options: { process?: boolean } = {}): Promise<PgliteThread> {
    const worker = options.process ? processPeer(dataDir) : threadPeer(dataDir);
    const thread = new PgliteThread(worker);
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`the PGlite worker exited (${code})`));
      worker.events.once('error', reject);
      worker.events.once('exit', onExit);
      worker.events.once('message', (message: Reply) => {
        worker.events.off('error', reject);
        worker.events.off('exit', onExit);
        if ('op' in message && message.op === 'ready') resolve();
        else if ('op' in message && message.op === 'failed') reject(toError(message.error));
        else reject(new Error('the PGlite worker answered before it was ready'));
      });
    });
    worker.events.on('message', (message: Reply) => thread.#onReply(message));
    const fail = (error: Error) => {
      thread.#dead = error;
      for (const pending of thread.#pending.values()) pending.reject(error);
      thread.#pending.clear();
    };
    worker.events.on('error', fail);
    worker.events.on('exit', (code: number | null) =>
      fail(new Error(`the PGlite worker exited (${code})`)),
    );
    // The worker keeps the process alive only while a query is waiting for it (see #send).
    worker.unref();
    return thread;
  }

  #onReply(message: Reply): void {
    if (!('id' in message)) return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.ok) pending.resolve(message.result);
    else pending.reject(toError(message.error));
  }

  #send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#dead) return Promise.reject(this.#dead);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.post({ ...message, id });
    });
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<ThreadResults> {
    return this.#queryOn(undefined, sql, params, options);
  }

  exec(sql: string): Promise<void> {
    return this.#send({ op: 'exec', sql });
  }

  #queryOn(
    tx: number | undefined,
    sql: string,
    params: unknown[],
    options: QueryOptions,
  ): Promise<ThreadResults> {
    return this.#send({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      // Drizzle's parsers all keep their types' text as it is; the worker applies identity
      // parsers for these type ids (functions cannot cross threads).
      rawTypes: options.parsers ? Object.keys(options.parsers).map(Number) : [],
      ...(tx === undefined ? {} : { tx }),
    });
  }

  /**
   * Runs `fn` in a transaction: committed when it returns, rolled back when it throws. Queries
   * made outside it meanwhile wait until it ends, as with PGlite's own `transaction`.
   */
  async transaction<T>(fn: (tx: ThreadConnection) => Promise<T>): Promise<T> {
    const tx = await this.#send<number>({ op: 'begin' });
    const connection: ThreadConnection = {
      query: (sql, params = [], options = {}) => this.#queryOn(tx, sql, params, options),
      exec: (sql) => this.#send({ op: 'exec', sql, tx }),
    };
    let result: T;
    try {
      result = await fn(connection);
    } catch (error) {
      await this.#send({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#send({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (!this.#dead) await this.#send({ op: 'close' }).catch(() => undefined);
    await this.#worker.end();
  }
}
