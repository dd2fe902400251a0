import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  LEASE_MS,
  LEASE_RENEW_MS,
  type RoomLease,
  type RoomLeases,
  type RoomOwner,
} from './leases.ts';

const OWNER_PREFIX = 'podium:room-owner:';
const NODE_PREFIX = 'podium:node:';

// SECURITY/consistency: each script checks and writes in one atomic step, so a node never
// extends or deletes a lease another node took after ours expired.

/** KEYS[1] lease; ARGV: value, ms. 1 when the lease is ours (taken now or already held). */
const CLAIM = `
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if v then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/** KEYS[1] lease; ARGV: value, ms. 1 when still ours (extended), else 0. */
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

/** KEYS[1] lease; ARGV: value. Deletes only our own lease. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export interface RedisLeaseTimes {
  leaseMs: number;
  renewMs: number;
}

class RedisLease implements RoomLease {
  readonly roomId: string;
  readonly value: string;
  readonly #lost = new AbortController();
  /** When the last successful claim/renewal was sent (the lease lasts from then). */
  renewedAt: number;
  readonly #release: (lease: RedisLease) => Promise<void>;

  constructor(
    roomId: string,
    value: string,
    sentAt: number,
    release: (l: RedisLease) => Promise<void>,
  ) {
    this.roomId = roomId;
    this.value = value;
    this.renewedAt = sentAt;
    this.#release = release;
  }
  get lost(): AbortSignal {
    return this.#lost.signal;
  }
  lose(): void {
    this.#lost.abort();
  }
  release(): Promise<void> {
    return this.#release(this);
  }
}

/**
 * Leases in Redis: `podium:room-owner:<roomId>` = `<nodeId>:<token>` (PX lease), and each node's
 * address at `podium:node:<nodeId>` (PX lease, renewed with the leases). One loop renews every
 * lease this node holds; a renewal that finds another value, or renewals failing for longer
 * than a lease lasts, aborts that lease's `lost` signal.
 */
export class RedisLeases implements RoomLeases {
  readonly nodeId: string;
  readonly shared = true;
  readonly #redis: Redis;
  readonly #log: Logger;
  readonly #times: RedisLeaseTimes;
  readonly #held = new Map<string, RedisLease>();
  readonly #timer: NodeJS.Timeout;
  #url: string | null = null;
  #closed = false;

  constructor(
    redis: Redis,
    nodeId: string,
    log: Logger,
    times: RedisLeaseTimes = { leaseMs: LEASE_MS, renewMs: LEASE_RENEW_MS },
  ) {
    this.#redis = redis;
    this.nodeId = nodeId;
    this.#log = log;
    this.#times = times;
    this.#timer = setInterval(() => void this.#renewAll(), times.renewMs);
    this.#timer.unref();
  }

  advertise(url: string): void {
    this.#url = url;
    void this.#advertise();
  }

  async claim(roomId: string): Promise<RoomLease | null> {
    if (this.#closed) return null;
    const held = this.#held.get(roomId);
    if (held && !held.lost.aborted) return held;
    const value = `${this.nodeId}:${crypto.randomBytes(12).toString('base64url')}`;
    const sentAt = Date.now();
    const won = (await this.#redis.eval(
      CLAIM,
      1,
      OWNER_PREFIX + roomId,
      value,
      this.#times.leaseMs,
    )) as number;
    if (won !== 1) return null;
    // Two claims of this node for one room at once: the first one's lease stands.
    const raced = this.#held.get(roomId);
    if (raced && !raced.lost.aborted) {
      await this.#redis.eval(RELEASE, 1, OWNER_PREFIX + roomId, value).catch(() => 0);
      return raced;
    }
    const lease = new RedisLease(roomId, value, sentAt, (l) => this.#release(l));
    this.#held.set(roomId, lease);
    return lease;
  }

  async owner(roomId: string): Promise<RoomOwner | null> {
    const value = await this.#redis.get(OWNER_PREFIX + roomId);
    if (!value) return null;
    const nodeId = value.slice(0, value.indexOf(':'));
    if (nodeId === this.nodeId) return { nodeId, url: this.#url ?? '' };
    const url = await this.#redis.get(NODE_PREFIX + nodeId);
    return url ? { nodeId, url } : null;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#timer);
    const leases = [...this.#held.values()];
    await Promise.allSettled(leases.map((l) => this.#release(l)));
    await this.#redis.del(NODE_PREFIX + this.nodeId).catch(() => 0);
  }

  async #release(lease: RedisLease): Promise<void> {
    if (this.#held.get(lease.roomId) === lease) this.#held.delete(lease.roomId);
    if (lease.lost.aborted) return;
    lease.lose();
    await this.#redis.eval(RELEASE, 1, OWNER_PREFIX + lease.roomId, lease.value).catch(() => 0);
  }

  async #advertise(): Promise<void> {
    if (this.#url === null || this.#closed) return;
    try {
      await this.#redis.set(NODE_PREFIX + this.nodeId, this.#url, 'PX', this.#times.leaseMs);
    } catch (err) {
      this.#log.warn({ err }, 'cluster: node address not advertised');
    }
  }

  async #renewAll(): Promise<void> {
    if (this.#closed) return;
    void this.#advertise();
    await Promise.all([...this.#held.values()].map((lease) => this.#renew(lease)));
  }

  async #renew(lease: RedisLease): Promise<void> {
    const sentAt = Date.now();
    try {
      const ours = (await this.#redis.eval(
        RENEW,
        1,
        OWNER_PREFIX + lease.roomId,
        lease.value,
        this.#times.leaseMs,
      )) as number;
      if (ours === 1) {
        lease.renewedAt = sentAt;
        return;
      }
      this.#log.warn({ roomId: lease.roomId }, 'cluster: room lease lost to another node');
    } catch (err) {
      // Redis unreachable: the lease may still stand; once it has certainly expired, the room
      // must stop (another node may take it meanwhile).
      if (Date.now() - lease.renewedAt < this.#times.leaseMs) return;
      this.#log.warn({ err, roomId: lease.roomId }, 'cluster: room lease expired unrenewed');
    }
    if (this.#held.get(lease.roomId) === lease) this.#held.delete(lease.roomId);
    lease.lose();
  }
}
