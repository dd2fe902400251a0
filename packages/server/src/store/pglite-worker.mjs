// The embedded PGlite database in a worker thread of its own (issue 11, item 2): its WebAssembly
// Postgres and its file reads run here, so the server's event loop (HTTP, signaling) never
// waits on a query. The main thread talks to it through store/pglite-thread.ts. The same file
// also runs as a child process (forked, its messages over the IPC channel) for a database that
// is only being created and migrated: a process gives initdb's memory back when it exits.
//
// Plain JavaScript on purpose: a worker thread is started from a file path, and this one must
// load the same way under tsx (development), vitest (tests) and the compiled server (the build
// copies it beside dist/main.js), none of which share a TypeScript loader with the worker.
//
// Messages in: { id, op: 'query', sql, params, rowMode, rawTypes, tx? }, { id, op: 'exec', sql,
// tx? }, { id, op: 'begin' }, { id, op: 'end', tx, commit }, { id, op: 'close' }.
// Messages out: { op: 'ready' } | { op: 'failed', error } once, then { id, ok: true, result } or
// { id, ok: false, error } for each message in.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/**
 * Where messages come from and answers go: the worker thread's port, or the IPC channel of a
 * forked process (which ends once the parent disconnects, after `close`). The listener's `any`
 * is MessagePort's own type for it: the messages are the ones store/pglite-thread.ts sends, and
 * `handle` switches on their `op`.
 * @type {{ postMessage(message: unknown): void; on(event: 'message', listener: (message: any) => void): void }}
 */
const port = parentPort ?? {
  postMessage: (message) => process.send?.(message),
  on: (event, listener) => process.on(event, listener),
};

/** An Error as plain data: PostgreSQL's fields (code, constraint, detail…) travel too. */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const out = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    out[key] = value;
  }
  return out;
}

/**
 * The caller's parsers are functions and cannot cross threads; the ones drizzle passes all
 * keep the text as it is (timestamps, dates, intervals and their arrays), so the caller sends
 * only their type ids and they become identity parsers here. Drizzle's set is the database's
 * default: PGlite merges per-query parsers into a copy of all its parsers on every query, a
 * cost worth skipping on the hot path.
 */
const identity = (value) => value;
// timestamp, timestamptz, interval, date, numeric[], timestamp[], timestamptz[], interval[], date[]
const DRIZZLE_RAW_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const defaultParsers = Object.fromEntries(DRIZZLE_RAW_TYPES.map((oid) => [oid, identity]));
const parserCache = new Map();
function parsersFor(rawTypes) {
  if (rawTypes.every((oid) => DRIZZLE_RAW_TYPES.includes(oid))) return undefined;
  const key = rawTypes.join(',');
  let parsers = parserCache.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawTypes.map((oid) => [oid, identity]));
    parserCache.set(key, parsers);
  }
  return parsers;
}

/** Open transactions by id: the PGlite transaction object and how to end it. */
const transactions = new Map();
let nextTransaction = 1;

/**
 * Postgres settings for a small single-session database, on top of PGlite's own (-c on the
 * command line wins over postgresql.conf, which initdb wrote with the defaults of a shared
 * server). Postgres allocates and zeroes its shared memory at start, inside the WebAssembly
 * memory, which is never given back: at initdb's 128 MB of shared buffers and 100 connections
 * the serving worker held ~150 MB of it, at these ~30 MB (bench/README.md, issue 11 item 2).
 * - shared_buffers: the whole database of a Podium server is a few tens of MB and its files sit
 *   in the OS page cache anyway; a page missing from the buffers is one read from there.
 * - max_connections, autovacuum_worker_slots: PGlite is one backend in single-user mode with no
 *   autovacuum, but postgres sizes its process and lock tables from these (MaxBackends); ten
 *   still leave the lock table far above what the largest migration takes.
 * None of them touches durability (fsync, WAL, full-page writes keep their values).
 */
const SMALL_DATABASE = ['shared_buffers=16MB', 'max_connections=10', 'autovacuum_worker_slots=1'];

let pg;
try {
  pg = await PGlite.create(parentPort ? workerData.dataDir : process.argv[2], {
    parsers: defaultParsers,
    startParams: [...PGlite.defaultStartParams, ...SMALL_DATABASE.flatMap((kv) => ['-c', kv])],
  });
  // Set up at start, PGlite's array parsers replaced drizzle's raw ones for the array types.
  Object.assign(pg.parsers, defaultParsers);
  port.postMessage({ op: 'ready' });
} catch (error) {
  port.postMessage({ op: 'failed', error: serializeError(error) });
  process.exit(1);
}

/** The connection a message runs on: an open transaction's, or the database's own. */
function target(tx) {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.client;
}

/** Settles when a transaction's COMMIT or ROLLBACK has run (or rejects with why it failed). */
const settled = new Map();

function begin() {
  return new Promise((resolve, reject) => {
    const id = nextTransaction++;
    let finish;
    const finished = new Promise((r) => {
      finish = r;
    });
    const done = pg
      .transaction(async (client) => {
        transactions.set(id, { client, finish });
        resolve(id);
        // Resolved by an 'end' message: commit, or roll back what the caller threw out of.
        const commit = await finished;
        if (!commit && !client.closed) await client.rollback();
      })
      .finally(() => transactions.delete(id));
    settled.set(id, done);
    // A transaction that could not even start (BEGIN failed) answers the 'begin' instead;
    // later failures (COMMIT) are answered to 'end'. Rejecting a settled promise is a no-op.
    done.catch(reject);
  });
}

async function end(tx, commit) {
  const open = transactions.get(tx);
  const done = settled.get(tx);
  settled.delete(tx);
  if (!open || !done) throw new Error(`transaction ${tx} is not open`);
  open.finish(commit);
  await done;
}

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const options = { rowMode: message.rowMode };
      const parsers = parsersFor(message.rawTypes ?? []);
      if (parsers) options.parsers = parsers;
      const result = await target(message.tx).query(message.sql, message.params, options);
      // Only what drizzle reads: fields hold parser functions in some PGlite versions.
      return {
        rows: result.rows,
        affectedRows: result.affectedRows,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    }
    case 'exec':
      await target(message.tx).exec(message.sql);
      return null;
    case 'begin':
      return begin();
    case 'end':
      return end(message.tx, message.commit);
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`unknown operation ${String(message.op)}`);
  }
}

port.on('message', (message) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, ok: true, result }),
    (error) => port.postMessage({ id: message.id, ok: false, error: serializeError(error) }),
  );
});
