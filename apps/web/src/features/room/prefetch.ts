import { socketUrl } from '../../shared/socket/backoff.ts';
import { dropPreopenedSocket, preopenSocket } from '../../shared/socket/preopen.ts';
import { prefetchServerMessageSchema } from '../../shared/socket/SocketCore.ts';
import { iceConfig } from './media/iceConfig.ts';
import { dropPreparedPeer, preparePeer } from './media/preparedPeer.ts';
import { subscriberConfig } from './media/Subscriber.ts';
import type { HelloAdmission, HelloJoinLink, SignalAuthResponse } from '@podium/protocol';
import { ApiError, NETWORK_ERROR_CODE } from '../../shared/api/errors.ts';
import type { SignalingRequestError } from './signaling/errors.ts';
import { prefetchSocketAuth, primeSocketAuth } from './session/auth.ts';
import type { JoinAdmission, MediaChoices } from '../../shared/session/admission.ts';
import type { FallbackLabel } from '../../shared/media/fallbackLabel.ts';
import {
  dropJoiningRoom,
  launchBrowserRoom,
  launchJoiningRoom,
  launchedRoomShowable,
} from './ui/browserRoom.ts';

/*
 * The join page loads this module lazily and keeps it (the one place that remembers the room's
 * code): it brings the room session's launcher with it, so an admission can start the room in
 * its own turn.
 */

/**
 * What the room can do before the click on Join (issue 11 item 3): while the pre-join page is
 * shown, load the room page's code, the socket's message schema and the call's ICE config
 * (`POST /config` needs no ticket), and make the subscriber's connection (preparedPeer.ts), so
 * none of them waits behind verify-call any more.
 */
export function prefetchRoom(): void {
  void import('./ui/RoomRoute.tsx').catch(() => undefined);
  prefetchServerMessageSchema();
  // The subscriber's connection too, once the ICE servers it is made for are known.
  void iceConfig
    .load()
    .catch(() => undefined)
    .then(() => preparePeer(subscriberConfig(iceConfig.current())));
}

/**
 * Admitted: the room's first `authenticate` takes the socket's credentials that came with
 * verify-call's answer, or else asks for them with the fresh ticket at once, while the page
 * switches to the room, instead of after it mounted.
 */
export function primeRoomSocket(ticket: string, socket?: SignalAuthResponse): void {
  if (socket) primeSocketAuth(ticket, { credentials: socket.credentials, roomId: socket.room.id });
  else prefetchSocketAuth(ticket);
}

/**
 * Admitted, right after primeRoomSocket and in the same turn (the room page must not have
 * mounted yet, or it would start a second session): the room session starts now and the room
 * page adopts it. A join page without this module yet leaves it to the room page.
 */
export function launchRoom(admission: JoinAdmission, fallbackLabel: FallbackLabel): void {
  launchJoiningSoon(null);
  launchBrowserRoom(admission, fallbackLabel);
}

/** Admitted: resolves when the room page has more than a loader to show (browserRoom.ts). */
export function roomShowable(ticket: string): Promise<void> {
  return launchedRoomShowable(ticket);
}

/**
 * Joining (verify-call asked): the room's socket starts connecting now, its subscriber's
 * connection is made unless the pre-join page made it, and the room session starts with the
 * media chosen (its devices and ICE config are prepared while verify-call is answered); the
 * admission gives it the ticket (launchRoom).
 */
export function startJoining(media: MediaChoices, fallbackLabel: FallbackLabel): void {
  preopenSocket(socketUrl(window.location));
  preparePeer(subscriberConfig(iceConfig.current()));
  launchJoiningSoon(() => launchJoiningRoom(media, fallbackLabel));
}

let launchTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * The session is made in a task of its own: made in the click's, its few milliseconds went
 * before verify-call's fetch, which the API client starts a microtask later. Null: not at all
 * (refused, or admitted first: the admission starts the room itself).
 */
function launchJoiningSoon(launch: (() => void) | null): void {
  if (launchTimer) clearTimeout(launchTimer);
  launchTimer = launch
    ? setTimeout(() => {
        launchTimer = null;
        launch();
      }, 0)
    : null;
}

/**
 * Joining with the join link asked on the room's own socket (issue 11 item 3): the session
 * starts now, its socket (opened now) says hello with the link and its first join goes right
 * behind; the hello's answer is the admission, as verify-call's would be. A refusal is verify-
 * call's error (status, code, key, field messages), so the page shows the same message.
 */
export function joinByLink(
  link: HelloJoinLink,
  media: MediaChoices,
  fallbackLabel: FallbackLabel,
): Promise<HelloAdmission> {
  preopenSocket(socketUrl(window.location));
  preparePeer(subscriberConfig(iceConfig.current()));
  launchJoiningSoon(null);
  return new Promise((resolve, reject) => {
    launchJoiningRoom(media, fallbackLabel, {
      link,
      admitted: resolve,
      refused: (error) => reject(refusalError(error)),
    });
  });
}

/** verify-call's error for a refused hello; a connection that failed, as a request that did. */
function refusalError(error: SignalingRequestError): ApiError {
  const { refusal } = error;
  return refusal
    ? new ApiError(refusal.status, refusal.code, error.message, refusal.key, refusal.fields)
    : new ApiError(0, NETWORK_ERROR_CODE, error.message);
}

/** Not admitted after all: the session, the socket and the connection made for it are closed. */
export function stopJoining(): void {
  launchJoiningSoon(null);
  dropJoiningRoom();
  dropPreopenedSocket();
  dropPreparedPeer();
}
