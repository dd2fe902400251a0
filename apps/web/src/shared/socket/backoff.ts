import { apiPaths } from '@podium/protocol';

export interface BackoffOptions {
  /** Delay before the first retry. */
  initialMs: number;
  /** Ceiling of the delay. */
  maxMs: number;
  factor: number;
  /** Spread as a fraction of the delay (0.3: ±30 %), so a room of dropped clients does not reconnect in lockstep. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  initialMs: 300,
  maxMs: 8_000,
  factor: 2,
  jitter: 0.3,
};

/** Delay before reconnect attempt `attempt` (0-based): exponential, capped, jittered. */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const base = Math.min(options.maxMs, options.initialMs * options.factor ** Math.max(0, attempt));
  const spread = 1 - options.jitter + 2 * options.jitter * random();
  return Math.max(0, Math.round(base * spread));
}

/** ws(s)://host/socket/member/v1 of the page's own origin (spec §7). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${apiPaths.signal.socket}`;
}
