/**
 * What the rest of the server asks of "the other nodes" (issue 16). Two adapters each:
 * in-process (local.ts, REDIS_URL unset: exactly the single-process behaviour) and Redis
 * (redis.ts). Services hold only these interfaces, like the room host holds `RoomMedia`
 * (realtime/room-media.ts) and not Janus.
 */

/** One limiter's shape: `max` attempts per key in a window of `windowMs`. */
export interface CounterSpec {
  max: number;
  windowMs: number;
  /** In-process clock (tests move it); the Redis adapter counts on Redis's clock. */
  now?: () => number;
}

/**
 * Fixed-window attempt counter per key (services/accounts/rate-limit.ts `AttemptLimiter`):
 * a window starts at a key's first attempt and lasts `windowMs`.
 */
export interface AttemptCounter {
  readonly max: number;
  readonly windowMs: number;
  /** Attempts recorded for `key` in its current window. */
  count(key: string): Promise<number>;
  /** Seconds until `key` may try again; 0 when it may try now. */
  retryAfter(key: string): Promise<number>;
  /**
   * Records one attempt for every key unless one of them is at its limit: then nothing is
   * recorded and the answer is the seconds to wait. SECURITY: atomic over all keys and all
   * nodes, so parallel requests spread over nodes cannot slip under the limit together.
   */
  consume(...keys: string[]): Promise<number>;
  /** Gives back one attempt (a sign-in that turned out right). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * Sliding-window failure counter (services/events/throttle.ts `FailureThrottle`): at most
 * `max` failures per key in any `windowMs` span.
 */
export interface FailureCounter {
  readonly max: number;
  readonly windowMs: number;
  /** Seconds until `key` may try again; 0 when it may try now. */
  retryAfter(key: string): Promise<number>;
  /** Records a failure. */
  fail(key: string): Promise<void>;
  /**
   * SECURITY: check and record in one step (atomic across nodes): the seconds to wait when the
   * key is full (nothing recorded), else 0 after recording one.
   */
  hit(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Keys that live for a while: a back-off's end, "already notified" marks. */
export interface Marks {
  /** Sets `key` for `ttlMs` unless it is set; true when this call set it. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Milliseconds `key` still lives; 0 when it is not set. */
  remainingMs(key: string): Promise<number>;
}

/** Where the limiters count: this process, or every node through Redis. */
export interface SharedCounters {
  /** `name` keeps one limiter's keys apart from another's (it prefixes them). */
  attempts(name: string, spec: CounterSpec): AttemptCounter;
  failures(name: string, spec: CounterSpec): FailureCounter;
  marks(name: string, options?: { now?: () => number }): Marks;
}

import type { RoomLeases } from './leases.ts';

/** A JSON-serialisable message on the bus. */
export type BusMessage = Record<string, unknown>;
export type BusHandler = (message: BusMessage) => void;

/**
 * Publish/subscribe between nodes: fire and forget, at most once, in order per publisher. A
 * node receives its own messages too (in-process: synchronously), so a subscriber handles
 * local and remote events the same way.
 */
export interface Bus {
  publish(channel: string, message: BusMessage): void;
  /** Resolves once the subscription is live; answers the function that ends it. */
  subscribe(channel: string, handler: BusHandler): Promise<() => void>;
}

/** This node's view of the cluster. */
export interface Cluster {
  /** Random per process start: names this node on the bus. */
  readonly nodeId: string;
  /** false for the in-process adapter (REDIS_URL unset). */
  readonly shared: boolean;
  readonly counters: SharedCounters;
  readonly bus: Bus;
  /** Which node runs which live room (leases.ts). */
  readonly leases: RoomLeases;
  /**
   * Added to the per-route limiter's registration (`@fastify/rate-limit`): its Redis store
   * with REDIS_URL, nothing in-process. Opaque here, so no port names the Redis client.
   */
  readonly routeLimitOptions: Readonly<Record<string, unknown>>;
  /** Aborted when the cluster closes: long-lived users (heartbeats) stop on it. */
  readonly closing: AbortSignal;
  /** Ends subscriptions and connections; idempotent. */
  close(): Promise<void>;
}
