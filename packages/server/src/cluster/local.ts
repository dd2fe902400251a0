import crypto from 'node:crypto';
import { AttemptLimiter } from '../services/accounts/rate-limit.ts';
import { FailureThrottle } from '../services/events/throttle.ts';
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
import { LocalLeases } from './leases.ts';

/**
 * The in-process adapters (REDIS_URL unset): the limiters count in this process's memory with
 * the same classes as before issue 16, behind the async ports. Each method does its work
 * synchronously before it returns its promise, so a check and the attempt it records still
 * cannot interleave with another request's.
 */
class LocalAttempts implements AttemptCounter {
  readonly #limiter: AttemptLimiter;
  constructor(spec: CounterSpec) {
    this.#limiter = new AttemptLimiter(spec);
  }
  get max(): number {
    return this.#limiter.max;
  }
  get windowMs(): number {
    return this.#limiter.windowMs;
  }
  count(key: string): Promise<number> {
    return Promise.resolve(this.#limiter.count(key));
  }
  retryAfter(key: string): Promise<number> {
    return Promise.resolve(this.#limiter.retryAfter(key));
  }
  consume(...keys: string[]): Promise<number> {
    return Promise.resolve(this.#limiter.consume(...keys));
  }
  refund(key: string): Promise<void> {
    this.#limiter.refund(key);
    return Promise.resolve();
  }
  reset(key: string): Promise<void> {
    this.#limiter.reset(key);
    return Promise.resolve();
  }
}

class LocalFailures implements FailureCounter {
  readonly #throttle: FailureThrottle;
  constructor(spec: CounterSpec) {
    this.#throttle = new FailureThrottle(spec);
  }
  get max(): number {
    return this.#throttle.max;
  }
  get windowMs(): number {
    return this.#throttle.windowMs;
  }
  retryAfter(key: string): Promise<number> {
    return Promise.resolve(this.#throttle.retryAfter(key));
  }
  fail(key: string): Promise<void> {
    this.#throttle.fail(key);
    return Promise.resolve();
  }
  hit(key: string): Promise<number> {
    const wait = this.#throttle.retryAfter(key);
    if (wait === 0) this.#throttle.fail(key);
    return Promise.resolve(wait);
  }
  reset(key: string): Promise<void> {
    this.#throttle.reset(key);
    return Promise.resolve();
  }
}

/** Bounded like the limiters: past this many live marks, expired ones are swept. */
const MAX_MARKS = 100_000;

class LocalMarks implements Marks {
  readonly #until = new Map<string, number>();
  readonly #now: () => number;
  constructor(now: () => number) {
    this.#now = now;
  }
  claim(key: string, ttlMs: number): Promise<boolean> {
    if (this.#left(key) > 0) return Promise.resolve(false);
    if (this.#until.size >= MAX_MARKS) {
      const now = this.#now();
      for (const [k, until] of this.#until) if (until <= now) this.#until.delete(k);
      const oldest = this.#until.keys().next();
      if (this.#until.size >= MAX_MARKS && !oldest.done) this.#until.delete(oldest.value);
    }
    this.#until.set(key, this.#now() + ttlMs);
    return Promise.resolve(true);
  }
  remainingMs(key: string): Promise<number> {
    return Promise.resolve(this.#left(key));
  }
  #left(key: string): number {
    const until = this.#until.get(key);
    if (until === undefined) return 0;
    const left = until - this.#now();
    if (left <= 0) this.#until.delete(key);
    return Math.max(0, left);
  }
}

/**
 * One limiter per name, as in Redis where the name is the store: two services asking for the
 * same name count together (the first asker's spec holds).
 */
export class LocalCounters implements SharedCounters {
  readonly #attempts = new Map<string, AttemptCounter>();
  readonly #failures = new Map<string, FailureCounter>();
  readonly #marks = new Map<string, Marks>();

  attempts(name: string, spec: CounterSpec): AttemptCounter {
    return once(this.#attempts, name, () => new LocalAttempts(spec));
  }
  failures(name: string, spec: CounterSpec): FailureCounter {
    return once(this.#failures, name, () => new LocalFailures(spec));
  }
  marks(name: string, options: { now?: () => number } = {}): Marks {
    return once(this.#marks, name, () => new LocalMarks(options.now ?? Date.now));
  }
}

function once<T>(map: Map<string, T>, name: string, make: () => T): T {
  let value = map.get(name);
  if (value === undefined) {
    value = make();
    map.set(name, value);
  }
  return value;
}

/** Delivers synchronously to this process's subscribers: there are no other nodes. */
export class LocalBus implements Bus {
  readonly #handlers = new Map<string, Set<BusHandler>>();

  publish(channel: string, message: BusMessage): void {
    for (const handler of this.#handlers.get(channel) ?? []) {
      try {
        handler(message);
      } catch {
        // A subscriber's failure is its own; the others still hear the message.
      }
    }
  }

  subscribe(channel: string, handler: BusHandler): Promise<() => void> {
    let set = this.#handlers.get(channel);
    if (!set) {
      set = new Set();
      this.#handlers.set(channel, set);
    }
    set.add(handler);
    return Promise.resolve(() => {
      set.delete(handler);
    });
  }
}

/** The single-process cluster: one node, everything in memory. */
export function localCluster(): Cluster {
  const closing = new AbortController();
  const nodeId = crypto.randomUUID();
  return {
    nodeId,
    shared: false,
    counters: new LocalCounters(),
    bus: new LocalBus(),
    leases: new LocalLeases(nodeId),
    routeLimitOptions: {},
    closing: closing.signal,
    close: () => {
      closing.abort();
      return Promise.resolve();
    },
  };
}
