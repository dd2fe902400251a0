import { cookieTokenStore } from '../../../shared/api/index.ts';
import type { FallbackLabel } from '../../../shared/media/fallbackLabel.ts';
import { browserEnvironment, supportsCalling } from '../../../shared/media/support.ts';
import { socketUrl } from '../../../shared/socket/backoff.ts';
import { takePreopenedSocket } from '../../../shared/socket/preopen.ts';
import type { JoinAdmission, MediaChoices } from '../../../shared/session/admission.ts';
import type { JoinLinkGreeting } from '../signaling/SignalingClient.ts';
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
  /** The admission's join ticket; null while a room launched at the click waits for it. */
  ticket: string | null;
  session: RoomSession;
  relay: NoticeRelay;
}

/** What a room session starts from: the media chosen, and the join ticket or its coming. */
export interface RoomStart {
  media: MediaChoices;
  ticket: string | Promise<string>;
  /** The first hello admits this join link (the ticket comes with its answer). */
  joinLink?: JoinLinkGreeting;
}

/**
 * A started room session on this browser's socket, devices and features. With the ticket still
 * to come (launched at the click), the devices and the ICE config are prepared meanwhile and the
 * socket says hello once it is there.
 */
export function startBrowserRoom(start: RoomStart, fallbackLabel: FallbackLabel): BrowserRoom {
  const relay = new NoticeRelay();
  const { ticket, media, joinLink } = start;
  const session: RoomSession = new RoomSession({
    url: socketUrl(window.location),
    client: {
      // The first connection adopts the socket the join page opened at the click.
      createSocket: (url) => takePreopenedSocket(url) ?? new WebSocket(url),
      ...(joinLink ? { joinLink } : {}),
    },
    authenticate: async () => fetchSocketAuth(await ticket),
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
  return { ticket: typeof ticket === 'string' ? ticket : null, session, relay };
}

/** A launched room nobody showed within this long leaves (the room page mounts in < 1 s). */
const LAUNCHED_KEEP_MS = 15_000;
/** A room page that unmounted gets its session back within this long (StrictMode remounts). */
const UNMOUNTED_KEEP_MS = 100;

let parked: {
  room: BrowserRoom;
  timer: ReturnType<typeof setTimeout>;
  /** A room launched at the click: gives it the admission's ticket. */
  admit?: (ticket: string) => void;
} | null = null;

function park(
  room: BrowserRoom,
  ms: number,
  end: (session: RoomSession) => void,
  admit?: (ticket: string) => void,
): void {
  dropParked();
  room.relay.detach();
  parked = {
    room,
    timer: setTimeout(() => {
      if (parked?.room !== room) return;
      parked = null;
      end(room.session);
    }, ms),
    ...(admit ? { admit } : {}),
  };
}

function dropParked(): void {
  const current = parked;
  parked = null;
  if (!current) return;
  clearTimeout(current.timer);
  current.room.session.close();
}

/** Not shown after all: leave rather than close, so nobody sees a participant who never came. */
const leaveUnshown = (session: RoomSession): void => void session.leave();

/**
 * Joining (the click on Join, verify-call asked): the room session starts now, before the
 * admission, so its devices and ICE config are ready when the ticket comes instead of being
 * prepared only then (hello → join waited 2–83 ms for them, issue 11 item 3); its socket says
 * hello once the admission gave the ticket (launchBrowserRoom). Nothing reaches the server
 * before that. Refused or never admitted: dropJoiningRoom, or closed after LAUNCHED_KEEP_MS.
 */
export function launchJoiningRoom(
  media: MediaChoices,
  fallbackLabel: FallbackLabel,
  onSocket?: JoinLinkGreeting,
  start: typeof startBrowserRoom = startBrowserRoom,
): void {
  let admit: (ticket: string) => void = () => undefined;
  const ticket = new Promise<string>((resolve) => {
    admit = resolve;
  });
  const given = (value: string): void => {
    room.ticket = value;
    admit(value);
  };
  // With a join link the socket's own hello asks for the admission: no verify-call first.
  const joinLink: JoinLinkGreeting | undefined = onSocket && {
    ...onSocket,
    admitted: (admission) => {
      given(admission.ticket);
      onSocket.admitted(admission);
    },
  };
  const room = start({ media, ticket, ...(joinLink ? { joinLink } : {}) }, fallbackLabel);
  park(room, LAUNCHED_KEEP_MS, (s) => s.close(), given);
}

/** Not admitted after all: the room launched at the click, if any, closes unheard. */
export function dropJoiningRoom(): void {
  if (parked?.admit) dropParked();
}

/**
 * Admitted on the join page: the room launched at the click gets the ticket, or else one starts
 * now; the room page adopts it.
 */
export function launchBrowserRoom(
  admission: JoinAdmission,
  fallbackLabel: FallbackLabel,
  start: typeof startBrowserRoom = startBrowserRoom,
): void {
  const current = parked;
  if (current?.admit) {
    const { room, admit } = current;
    // Parked again (not dropped) with the admitted room's own end and time.
    clearTimeout(current.timer);
    parked = null;
    park(room, LAUNCHED_KEEP_MS, leaveUnshown);
    admit(admission.ticket);
    return;
  }
  park(start(admission, fallbackLabel), LAUNCHED_KEEP_MS, leaveUnshown);
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
