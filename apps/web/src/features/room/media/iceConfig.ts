import { callConfigResponse, apiPaths } from '@podium/protocol';
import { api } from '../../../shared/api/index.ts';

/**
 * The ICE servers for the call's peer connections, from `POST /config` (spec §7 Call config).
 * TURN credentials expire, so the answer is kept until halfway to its expiry and then fetched
 * again in the background; connections created meanwhile use what is known. A failed or slow
 * fetch never holds up or breaks a call: it falls back to no ICE servers (host candidates, which
 * is what the default deployment uses anyway).
 */
export interface IceConfigCache {
  /** Fetches when nothing fresh is known; resolves within `timeoutMs`, never rejects. */
  load(): Promise<RTCIceServer[]>;
  /** What is known now (nothing once expired); starts a refresh when it is getting old. */
  current(): RTCIceServer[];
}

export interface IceConfigOptions {
  fetchConfig: () => Promise<unknown>;
  now?: () => number;
  /** The longest a call waits for the answer before starting without ICE servers. */
  timeoutMs?: number;
}

/** Without an expiry (no TURN) the answer is still asked again now and then. */
const NO_EXPIRY_KEEP_MS = 60 * 60_000;
/** After a failure, the next connection tries again no sooner than this. */
const RETRY_AFTER_MS = 30_000;

interface Known {
  servers: RTCIceServer[];
  /** From then on, `current()` refreshes in the background. */
  refreshAt: number;
  /** From then on the servers are unusable (expired credentials). */
  expiresAt: number;
}

export function createIceConfigCache(options: IceConfigOptions): IceConfigCache {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 3_000;
  let known: Known | null = null;
  let failedAt = -Infinity;
  let inflight: Promise<void> | null = null;

  const usable = (): RTCIceServer[] => (known && now() < known.expiresAt ? known.servers : []);

  function refresh(): Promise<void> {
    if (inflight) return inflight;
    if (now() - failedAt < RETRY_AFTER_MS) return Promise.resolve();
    const fetchedAt = now();
    inflight = options
      .fetchConfig()
      .then((raw) => {
        const answer = callConfigResponse.parse(raw);
        const expiresAt = answer.expires_at
          ? Date.parse(answer.expires_at)
          : fetchedAt + NO_EXPIRY_KEEP_MS;
        known = {
          servers: answer.ice_servers.map((s) => ({
            urls: s.urls,
            ...(s.username !== undefined ? { username: s.username } : {}),
            ...(s.credential !== undefined ? { credential: s.credential } : {}),
          })),
          refreshAt: fetchedAt + (expiresAt - fetchedAt) / 2,
          expiresAt,
        };
      })
      .catch(() => {
        failedAt = now();
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  }

  return {
    async load() {
      if (known && now() < known.refreshAt) return known.servers;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([refresh(), timeout]);
      clearTimeout(timer);
      return usable();
    },
    current() {
      if (!known || now() >= known.refreshAt) void refresh();
      return usable();
    },
  };
}

/** The page's one cache: every call on the page shares the answer. */
export const iceConfig = createIceConfigCache({
  fetchConfig: () => api.post<unknown>(apiPaths.config.call, {}, { auth: false }),
});
