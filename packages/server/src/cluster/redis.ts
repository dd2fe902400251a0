import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type {
  AttemptCounter,
  Bus,
  BusHandler,
  BusMessage,
  Cluster,
  CounterSpec,
  FailureCounter,
  Marks,
  SharedCounters,
} from './ports.ts';
import { RedisLeases } from './redis-leases.ts';

/** Every key and channel Podium uses in Redis starts with this. */
const PREFIX = 'podium:';

/** Milliseconds → the whole seconds a client is told to wait (at least 1 while it must wait). */
const seconds = (ms: number): number => (ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0);

// Each script runs atomically in Redis: the check and the write of a limiter happen with no
// other node's command in between. SECURITY: this is what makes a limit hold across nodes.

/** Fixed windows. KEYS: the keys; ARGV: max, windowMs. Answers 0 (recorded) or ms to wait. */
const CONSUME = `
local max = tonumber(ARGV[1])
local win = tonumber(ARGV[2])
local wait = 0
for _, k in ipairs(KEYS) do
  local c = tonumber(redis.call('GET', k) or '0')
  if c >= max then
    local t = redis.call('PTTL', k)
    if t > wait then wait = t end
  end
end
if wait > 0 then return wait end
for _, k in ipairs(KEYS) do
  if redis.call('INCR', k) == 1 then redis.call('PEXPIRE', k, win) end
end
return 0`;

/** KEYS[1]; answers { count, pttl }. */
const READ = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
local t = redis.call('PTTL', KEYS[1])
return { c, t }`;

const REFUND = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c <= 1 then redis.call('DEL', KEYS[1]) else redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Sliding windows as a sorted set of failure times (Redis's clock). KEYS[1]; ARGV: max,
 * windowMs, mode ('peek' | 'fail' | 'hit'), a unique member. Answers the ms to wait before the
 * write ('hit' writes only when that is 0; 'fail' always writes).
 */
const SLIDING = `
local k = KEYS[1]
local max = tonumber(ARGV[1])
local win = tonumber(ARGV[2])
local mode = ARGV[3]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', k, '-inf', now - win)
local n = redis.call('ZCARD', k)
local wait = 0
if n >= max then
  local oldest = redis.call('ZRANGE', k, n - max, n - max, 'WITHSCORES')
  wait = tonumber(oldest[2]) + win - now
  if wait < 1 then wait = 1 end
end
if mode == 'fail' or (mode == 'hit' and wait == 0) then
  redis.call('ZADD', k, now, ARGV[4])
  redis.call('PEXPIRE', k, win)
end
return wait`;

class RedisAttempts implements AttemptCounter {
  readonly max: number;
  readonly windowMs: number;
  readonly #redis: Redis;
  readonly #prefix: string;
  constructor(redis: Redis, name: string, spec: CounterSpec) {
    this.#redis = redis;
    this.#prefix = `${PREFIX}attempts:${name}:`;
    this.max = spec.max;
    this.windowMs = spec.windowMs;
  }
  async #read(key: string): Promise<{ count: number; ttl: number }> {
    const [count, ttl] = (await this.#redis.eval(READ, 1, this.#prefix + key)) as [number, number];
    return { count, ttl };
  }
  async count(key: string): Promise<number> {
    return (await this.#read(key)).count;
  }
  async retryAfter(key: string): Promise<number> {
    const { count, ttl } = await this.#read(key);
    return count >= this.max ? seconds(ttl) : 0;
  }
  async consume(...keys: string[]): Promise<number> {
    if (!keys.length) return 0;
    const wait = (await this.#redis.eval(
      CONSUME,
      keys.length,
      ...keys.map((k) => this.#prefix + k),
      this.max,
      this.windowMs,
    )) as number;
    return seconds(wait);
  }
  async refund(key: string): Promise<void> {
    await this.#redis.eval(REFUND, 1, this.#prefix + key);
  }
  async reset(key: string): Promise<void> {
    await this.#redis.del(this.#prefix + key);
  }
}

class RedisFailures implements FailureCounter {
  readonly max: number;
  readonly windowMs: number;
  readonly #redis: Redis;
  readonly #prefix: string;
  constructor(redis: Redis, name: string, spec: CounterSpec) {
    this.#redis = redis;
    this.#prefix = `${PREFIX}failures:${name}:`;
    this.max = spec.max;
    this.windowMs = spec.windowMs;
  }
  async #run(key: string, mode: 'peek' | 'fail' | 'hit'): Promise<number> {
    const wait = (await this.#redis.eval(
      SLIDING,
      1,
      this.#prefix + key,
      this.max,
      this.windowMs,
      mode,
      crypto.randomUUID(),
    )) as number;
    return seconds(wait);
  }
  retryAfter(key: string): Promise<number> {
    return this.#run(key, 'peek');
  }
  async fail(key: string): Promise<void> {
    await this.#run(key, 'fail');
  }
  hit(key: string): Promise<number> {
    return this.#run(key, 'hit');
  }
  async reset(key: string): Promise<void> {
    await this.#redis.del(this.#prefix + key);
  }
}

class RedisMarks implements Marks {
  readonly #redis: Redis;
  readonly #prefix: string;
  constructor(redis: Redis, name: string) {
    this.#redis = redis;
    this.#prefix = `${PREFIX}marks:${name}:`;
  }
  async claim(key: string, ttlMs: number): Promise<boolean> {
    const set = await this.#redis.set(this.#prefix + key, '1', 'PX', Math.max(1, ttlMs), 'NX');
    return set === 'OK';
  }
  async remainingMs(key: string): Promise<number> {
    return Math.max(0, await this.#redis.pttl(this.#prefix + key));
  }
}

export class RedisCounters implements SharedCounters {
  readonly #redis: Redis;
  constructor(redis: Redis) {
    this.#redis = redis;
  }
  attempts(name: string, spec: CounterSpec): AttemptCounter {
    return new RedisAttempts(this.#redis, name, spec);
  }
  failures(name: string, spec: CounterSpec): FailureCounter {
    return new RedisFailures(this.#redis, name, spec);
  }
  marks(name: string): Marks {
    return new RedisMarks(this.#redis, name);
  }
}

/**
 * Redis pub/sub: one connection publishes, another (a subscriber connection can do nothing
 * else) listens. Messages are JSON; what cannot be parsed is dropped with a log line.
 */
export class RedisBus implements Bus {
  readonly #pub: Redis;
  readonly #sub: Redis;
  readonly #log: Logger;
  readonly #handlers = new Map<string, Set<BusHandler>>();

  constructor(pub: Redis, sub: Redis, log: Logger) {
    this.#pub = pub;
    this.#sub = sub;
    this.#log = log;
    sub.on('message', (channel: string, text: string) => {
      const handlers = this.#handlers.get(channel);
      if (!handlers?.size) return;
      let message: BusMessage;
      try {
        message = JSON.parse(text) as BusMessage;
      } catch {
        this.#log.warn({ channel }, 'bus: unreadable message dropped');
        return;
      }
      for (const handler of handlers) {
        try {
          handler(message);
        } catch (err) {
          this.#log.error({ err, channel }, 'bus: a subscriber failed');
        }
      }
    });
  }

  publish(channel: string, message: BusMessage): void {
    this.#pub.publish(PREFIX + channel, JSON.stringify(message)).catch((err: unknown) => {
      this.#log.warn({ err, channel }, 'bus: publish failed');
    });
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => void> {
    const name = PREFIX + channel;
    let set = this.#handlers.get(name);
    if (!set) {
      set = new Set();
      this.#handlers.set(name, set);
      await this.#sub.subscribe(name);
    }
    set.add(handler);
    return () => {
      if (!set.delete(handler) || set.size) return;
      this.#handlers.delete(name);
      this.#sub.unsubscribe(name).catch(() => undefined);
    };
  }
}

/** Connects to REDIS_URL (commands, and a second connection for subscriptions). */
export async function redisCluster(url: string, log: Logger): Promise<Cluster> {
  const options = {
    // Commands wait in ioredis's queue while it reconnects; a limiter check then fails
    // (and the request answers 500) only if Redis stays away for the whole retry span.
    maxRetriesPerRequest: 3,
    lazyConnect: true,
    connectionName: 'podium',
  };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  const clusterLog = log.child({ component: 'cluster' });
  for (const [name, conn] of [
    ['commands', pub],
    ['subscriber', sub],
  ] as const) {
    conn.on('error', (err: unknown) => clusterLog.warn({ err, connection: name }, 'redis error'));
  }
  await Promise.all([pub.connect(), sub.connect()]);
  let closing: Promise<void> | null = null;
  const closed = new AbortController();
  const nodeId = crypto.randomUUID();
  clusterLog.info({ nodeId }, 'cluster: counters and bus through Redis');
  const leases = new RedisLeases(pub, nodeId, clusterLog);
  return {
    nodeId,
    shared: true,
    counters: new RedisCounters(pub),
    bus: new RedisBus(pub, sub, clusterLog),
    leases,
    // The route limits (e.g. the client log endpoint) count in Redis too; @fastify/rate-limit
    // defines its own script on this connection.
    routeLimitOptions: { redis: pub, nameSpace: `${PREFIX}routes:` },
    closing: closed.signal,
    close: () =>
      (closing ??= (async () => {
        // First, so users publish their goodbyes while the connections still stand.
        closed.abort();
        await leases.close();
        await Promise.allSettled([pub.quit(), sub.quit()]);
      })()),
  };
}
