import type { Logger } from 'pino';
import { localCluster } from './local.ts';
import type { Cluster } from './ports.ts';

export type {
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
export { localCluster } from './local.ts';
export type { RoomLease, RoomLeases, RoomOwner } from './leases.ts';

/**
 * This node's cluster: through Redis when `redisUrl` (REDIS_URL) is set, else in-process.
 * The Redis client loads only then, so the embedded default never touches it.
 */
export async function openCluster(redisUrl: string | undefined, log: Logger): Promise<Cluster> {
  if (!redisUrl) return localCluster();
  const { redisCluster } = await import('./redis.ts');
  return redisCluster(redisUrl, log);
}
