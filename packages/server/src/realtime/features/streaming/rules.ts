import {
  STREAM_DESTINATIONS_MAX,
  type StreamDestinationState,
  type StreamDestinationView,
  type StreamMessageKey,
} from '@podium/protocol';
import { can, roomError, type RoomError, type RoomState } from '../../../rooms/index.ts';
import type { EgressFailure } from '../../room-egress.ts';

/**
 * The pure rules of live streaming: who may start and stop, what counts as starting twice, how a
 * destination's state follows its egress output, the retry schedule and what each person sees.
 * No I/O here (stream-room.ts carries them out).
 */

/** One destination of the room's live stream. */
export interface Destination {
  readonly id: string;
  readonly name: string;
  /** The server URL without the key. */
  readonly url: string;
  /** SECURITY: a credential: only ever joined into the egress output's URL, never logged. */
  readonly key: string;
  /** The saved stream server it came from, if any. */
  readonly serverId: string | null;
  readonly state: StreamDestinationState;
  readonly error: StreamMessageKey | null;
  /** Retries after a dropped connection so far. */
  readonly attempt: number;
  /** The egress output of the current try (a new one per try). */
  readonly outputId: string;
}

export interface RetryPolicy {
  /** Tries after a dropped connection before the destination fails. */
  max: number;
  /** Delay of the first retry; doubled each time, capped at `capMs`. */
  baseMs: number;
  capMs: number;
}

/** Hosts and co-hosts, connected, in a room the server may stream (not end-to-end encrypted). */
export function checkControl(state: RoomState, participantId: string): RoomError | null {
  const p = state.participants.get(participantId);
  if (!p || p.status !== 'connected') return roomError('not_joined', 'room.not_in_room');
  const ctx = { mode: state.mode, signedIn: p.identity.kind === 'account', grants: p.grants };
  // End-to-end rooms refuse with their own message, and only to people who could otherwise.
  if (state.mode === 'endtoend' && can(p.role, 'livestream', { ...ctx, mode: 'meeting' })) {
    return roomError('not_allowed', 'stream.endtoend');
  }
  return can(p.role, 'livestream', ctx) ? null : roomError('permission', 'errors.permission');
}

/** Destinations that hold a place: everything not failed (a failed one can be started again). */
const active = (d: Destination) => d.state !== 'failed';

/** The same place twice: the same saved server, or the same URL and key. */
function sameTarget(a: Pick<Destination, 'serverId' | 'url' | 'key'>, b: Destination): boolean {
  if (a.serverId !== null && a.serverId === b.serverId) return true;
  return normalUrl(a.url) === normalUrl(b.url) && a.key === b.key;
}
const normalUrl = (url: string) => url.replace(/\/+$/, '').toLowerCase();

/**
 * Whether these new destinations may start now: not one already streaming (or starting,
 * retrying, stopping), not the same one twice in the request, and not more than the room's limit.
 */
export function checkStart(
  existing: readonly Destination[],
  wanted: readonly Pick<Destination, 'serverId' | 'url' | 'key'>[],
): RoomError | null {
  const running = existing.filter(active);
  if (running.length + wanted.length > STREAM_DESTINATIONS_MAX) {
    return roomError('not_allowed', 'stream.too_many_destinations');
  }
  for (const [i, w] of wanted.entries()) {
    const twiceHere = wanted.slice(0, i).some((other) => sameTarget(w, other as Destination));
    if (twiceHere || running.some((d) => sameTarget(w, d))) {
      return roomError('conflict', 'stream.already_streaming');
    }
  }
  return null;
}

/** The URL the egress pushes to: the server URL and the key as its last path segment. */
export function publishUrl(d: Pick<Destination, 'url' | 'key'>): string {
  return `${d.url.replace(/\/+$/, '')}/${d.key}`;
}

/** Delay before retry number `attempt` (1-based): base, 2×base, 4×base, … capped. */
export function retryDelayMs(attempt: number, policy: RetryPolicy): number {
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
}

/** What happens to a destination when its output fails: fail for good, or retry later. */
export type FailureOutcome =
  | { readonly kind: 'failed'; readonly error: StreamMessageKey }
  | { readonly kind: 'retry'; readonly attempt: number; readonly delayMs: number };

/**
 * A refused key or unreachable server at the first try is the host's to fix ('check your stream
 * key', spec §8): no retry. A connection that drops after it was up (or the egress process
 * dying) is retried with backoff; a retry that is refused counts as a try. Encoder failures and
 * a full disk are not the destination's fault and fail it with the general message.
 */
export function onOutputFailed(
  d: Destination,
  failure: EgressFailure,
  policy: RetryPolicy,
): FailureOutcome {
  if (d.state === 'starting' && d.attempt === 0) {
    if (failure === 'rtmp_refused' || failure === 'rtmp_dropped') {
      return { kind: 'failed', error: 'stream.check_key' };
    }
    if (failure !== 'egress_crashed') return { kind: 'failed', error: 'stream.failed' };
  }
  if (failure === 'encoder_failed' || failure === 'disk_full') {
    return { kind: 'failed', error: 'stream.failed' };
  }
  // A connection that was up starts its tries over; a failed retry counts one more.
  const attempt = d.state === 'streaming' ? 1 : d.attempt + 1;
  if (attempt > policy.max) {
    // Out of tries: a server that keeps refusing is most likely refusing the key now.
    return {
      kind: 'failed',
      error: failure === 'rtmp_refused' ? 'stream.check_key' : 'stream.connection_lost',
    };
  }
  return { kind: 'retry', attempt, delayMs: retryDelayMs(attempt, policy) };
}

/** The room is LIVE while at least one destination streams. */
export const isLive = (destinations: readonly Destination[]): boolean =>
  destinations.some((d) => d.state === 'streaming');

/** What a participant sees of a destination. SECURITY: never the key; URLs to moderators only. */
export function destinationView(d: Destination, moderator: boolean): StreamDestinationView {
  return {
    id: d.id,
    name: d.name,
    state: d.state,
    error: d.error,
    attempt: d.attempt,
    url: moderator ? d.url : null,
    server_id: moderator ? d.serverId : null,
  };
}
