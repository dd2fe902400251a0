import { cookieTokenStore } from '../../../shared/api/index.ts';
import type { FallbackLabel } from '../../../shared/media/fallbackLabel.ts';
import { browserEnvironment, supportsCalling } from '../../../shared/media/support.ts';
import { socketUrl } from '../../../shared/socket/backoff.ts';
import { takePreopenedSocket } from '../../../shared/socket/preopen.ts';
import type { JoinAdmission } from '../../../shared/session/admission.ts';
import { IN_CALL_FEATURES } from '../features/index.ts';
import { iceConfig } from '../media/iceConfig.ts';
import { browserPeerConnection } from '../media/peer.ts';
import { withPreparedPeer } from '../media/preparedPeer.ts';
import { RoomMedia } from '../media/RoomMedia.ts';
import { fetchSocketAuth } from '../session/auth.ts';
import { RoomSession, type RoomNotice } from '../session/RoomSession.ts';
import { CALL_VIEW_WAIT_MS, roomShowable } from './callViewGate.ts';

/**
 * The room session of this page, without React. The join page launches it with the admission
 * (issue 11 item 3: hello and join go out at once, not after the room route's navigation, lazy
 * route and mount, 70–170 ms on a loaded machine); the room page adopts it. A room page that
 * finds none (a reload, a link straight to the room) makes its own.
 */

/** Notices go to whoever shows the room; until someone does, they wait. */
export class NoticeRelay {
  #target: ((notice: RoomNotice) => void) | null = null;
  #waiting: RoomNotice[] = [];

  readonly notify = (notice: RoomNotice): void => {
    if (this.#target) this.#target(notice);
    else this.#waiting.push(notice);
  };

  attach(target: (notice: RoomNotice) => void): void {
    this.#target = target;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const notice of waiting) target(notice);
  }

  detach(): void {
    this.#target = null;
  }
}

export interface BrowserRoom {
  ticket: string;
  session: RoomSession;
  relay: NoticeRelay;
}

/** A started room session for `admission`, on this browser's socket, devices and features. */
export function startBrowserRoom(
  admission: JoinAdmission,
  fallbackLabel: FallbackLabel,
): BrowserRoom {
  const relay = new NoticeRelay();
  const { ticket, media } = admission;
  const session: RoomSession = new RoomSession({
    url: socketUrl(window.location),
    // The first connection adopts the socket the join page opened at the click.
    client: { createSocket: (url) => takePreopenedSocket(url) ?? new WebSocket(url) },
    authenticate: () => fetchSocketAuth(ticket),
    accessToken: () => cookieTokenStore.read().access,
    notify: relay.notify,
    features: IN_CALL_FEATURES,
    createMedia: async (store, client) => {
      if (!supportsCalling(browserEnvironment())) {
        store.getState().setMedia({ supported: false });
        return null;
      }
      // Fetched alongside the devices; the wait is bounded, and without an answer the call
      // starts with host candidates only.
      const ice = iceConfig.load();
      const roomMedia = await RoomMedia.create({
        store,
        signaling: client,
        mediaDevices: navigator.mediaDevices,
        permissions: navigator.permissions,
        // The subscriber's connection made at the click, if its configuration still fits.
        createPeerConnection: session.peerConnections(withPreparedPeer(browserPeerConnection)),
        iceServers: () => iceConfig.current(),
        fallbackLabel,
        initialDevices: {
          camera: media.cameraId,
          microphone: media.microphoneId,
          speaker: media.speakerId,
        },
        notify: (notice) => relay.notify({ kind: 'media', notice }),
      });
      await ice;
      return roomMedia;
    },
  });
  void session.start();
  return { ticket, session, relay };
}

/** A launched room nobody showed within this long leaves (the room page mounts in < 1 s). */
const LAUNCHED_KEEP_MS = 15_000;
/** A room page that unmounted gets its session back within this long (StrictMode remounts). */
const UNMOUNTED_KEEP_MS = 100;

let parked: { room: BrowserRoom; timer: ReturnType<typeof setTimeout> } | null = null;

function park(room: BrowserRoom, ms: number, end: (session: RoomSession) => void): void {
  dropParked();
  room.relay.detach();
  parked = {
    room,
    timer: setTimeout(() => {
      if (parked?.room !== room) return;
      parked = null;
      end(room.session);
    }, ms),
  };
}

function dropParked(): void {
  const current = parked;
  parked = null;
  if (!current) return;
  clearTimeout(current.timer);
  current.room.session.close();
}

/** Admitted on the join page: the room starts now, for the room page to adopt. */
export function launchBrowserRoom(admission: JoinAdmission, fallbackLabel: FallbackLabel): void {
  // Not shown after all: leave rather than close, so nobody sees a participant who never came.
  park(startBrowserRoom(admission, fallbackLabel), LAUNCHED_KEEP_MS, (s) => void s.leave());
}

/**
 * Resolves once the session launched for `ticket` has something to show (roomShowable): the
 * join page stays until then (issue 11 item 3), since navigating to the room route, loading it
 * and mounting the room page ran on the main thread exactly while hello, join and the
 * subscription went back and forth (35–120 ms of tasks traced on a loaded machine), only to
 * show a loader. At once without such a session; CALL_VIEW_WAIT_MS at the longest.
 */
export function launchedRoomShowable(ticket: string): Promise<void> {
  const room = parked?.room;
  if (!room || room.ticket !== ticket) return Promise.resolve();
  const store = room.session.store;
  return new Promise((resolve) => {
    const finish = (): void => {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    };
    const unsubscribe = store.subscribe((state) => {
      if (roomShowable(state)) finish();
    });
    const timer = setTimeout(finish, CALL_VIEW_WAIT_MS);
    if (roomShowable(store.getState())) finish();
  });
}

/** The session launched (or left by an unmounted room page) for `ticket`, once; else null. */
export function adoptBrowserRoom(ticket: string): BrowserRoom | null {
  const current = parked;
  if (!current || current.room.ticket !== ticket) return null;
  parked = null;
  clearTimeout(current.timer);
  return current.room;
}

/** The room page went away: closed unless a new mount adopts it at once. */
export function releaseBrowserRoom(room: BrowserRoom): void {
  park(room, UNMOUNTED_KEEP_MS, (s) => s.close());
}
