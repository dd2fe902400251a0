// Several Podium nodes for the signaling swarm (issue 16's benchmark): one throwaway PostgreSQL
// cluster and one throwaway Redis on loopback, and `count` server processes sharing them, as an
// operator runs them (DATABASE_URL + REDIS_URL). The one-node run on the same engines is the
// reference the two-node run is divided by.
import fs from 'node:fs';
import {
  startPostgresCluster,
  startTestRedis,
  type PostgresCluster,
  type TestRedis,
} from '@podium/server/test-support';
import { childrenOf, sampleAll } from '../lib/processes.ts';
import { startServer, type ProcSample, type ServerProcess } from './server-process.ts';

export interface Nodes {
  servers: ServerProcess[];
  /** CPU and memory of PostgreSQL (every backend of the cluster) and of Redis. */
  sampleEngines(): { postgres: ProcSample; redis: ProcSample };
  stop(): Promise<void>;
}

/** Processes whose command line contains every one of `parts` (found through /proc). */
function pidsMatching(parts: string[]): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (parts.every((p) => cmdline.includes(p))) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * CPU seconds that `pid`'s exited children used (cutime + cstime): PostgreSQL's postmaster reaps
 * its backends, so a backend that ended between two samples still counts.
 */
function reapedCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

export async function startNodes(
  count: number,
  server: Omit<Parameters<typeof startServer>[0], 'env'>,
): Promise<Nodes> {
  let postgres: PostgresCluster | null = null;
  let redis: TestRedis | null = null;
  const servers: ServerProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.allSettled(servers.map((s) => s.stop()));
    await Promise.allSettled([postgres?.stop(), redis?.stop()]);
  };
  try {
    postgres = await startPostgresCluster();
    redis = await startTestRedis();
    const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url };
    // One after the other: the first migrates the database, the others find it migrated.
    for (let i = 0; i < count; i++) servers.push(await startServer({ ...server, env }));
  } catch (error) {
    await stop();
    throw error;
  }
  const pgPort = new URL(postgres.url).port;
  const [postmaster] = pidsMatching(['postgres', '-p', pgPort, 'listen_addresses=127.0.0.1']);
  const [redisPid] = pidsMatching(['redis-server', `:${redis.port}`]);
  return {
    servers,
    sampleEngines: () => ({
      // PostgreSQL's backends are children of its postmaster.
      postgres: postmaster
        ? (() => {
            const live = sampleAll([postmaster, ...childrenOf(postmaster)]);
            return { ...live, cpuSeconds: live.cpuSeconds + reapedCpuSeconds(postmaster) };
          })()
        : sampleAll([]),
      redis: sampleAll(redisPid ? [redisPid] : []),
    }),
    stop,
  };
}
