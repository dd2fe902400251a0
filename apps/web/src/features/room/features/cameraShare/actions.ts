import type { CameraShareSource } from '@podium/protocol';
import { classifyMediaError, type DeviceErrorKind } from '../../../../shared/media/errors.ts';
import type { Publisher } from '../../media/Publisher.ts';
import type { RoomSession } from '../../session/RoomSession.ts';
import { readSlice, writeSlice, type RoomStore } from '../../store.ts';
import { cameraShareSlice, shareId, type CameraShareState, type OwnShare } from './state.ts';
import { freeSource } from './view.ts';

/**
 * Starting and stopping camera shares: the one place of this feature's side effects. A share is
 * a capture of the chosen device, registered with the server under one of this person's free
 * sources (`camera_share_start`), then published on its own connection (`RoomMedia.
 * createPublisher`: the room's ICE servers and, in endtoend rooms, the same frame encryption as
 * the main camera). The server's list then names it for everyone.
 */

type Session = Pick<RoomSession, 'send' | 'store' | 'media'>;

export const CAMERA_SHARE_BUSY = 'cameraShare';

/** This session's share connections, by source. */
const publishersOf = new WeakMap<object, Map<CameraShareSource, Publisher>>();

function publishers(session: Session): Map<CameraShareSource, Publisher> {
  let map = publishersOf.get(session.store);
  if (!map) {
    map = new Map();
    publishersOf.set(session.store, map);
  }
  return map;
}

function update(store: RoomStore, change: (s: CameraShareState) => CameraShareState): void {
  writeSlice(store, cameraShareSlice, change(readSlice(store.getState(), cameraShareSlice)));
}

function ownOf(store: RoomStore, source: CameraShareSource): OwnShare | undefined {
  return readSlice(store.getState(), cameraShareSlice).own.find((o) => o.source === source);
}

export type StartResult =
  | { ok: true }
  | { ok: false; reason: 'limit' | 'refused' | 'unavailable' }
  | { ok: false; reason: 'device'; device: DeviceErrorKind };

/** Shares the camera `deviceId` under `name`. */
export async function startCameraShare(
  session: Session,
  mediaDevices: MediaDevices,
  deviceId: string,
  name: string,
): Promise<StartResult> {
  const { store } = session;
  const source = freeSource(
    readSlice(store.getState(), cameraShareSlice),
    store.getState().room.selfId,
  );
  if (!source) return { ok: false, reason: 'limit' };
  if (!session.media || store.getState().media.availability === 'unavailable') {
    return { ok: false, reason: 'unavailable' };
  }
  let stream: MediaStream;
  try {
    stream = await mediaDevices.getUserMedia({
      video: { deviceId: { exact: deviceId }, width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
  } catch (error) {
    return { ok: false, reason: 'device', device: classifyMediaError(error) };
  }
  const own: OwnShare = { source, name: name.trim(), stream, listedAs: null };
  update(store, (s) => ({ ...s, own: [...s.own, own] }));
  // The system's own "stop" (device unplugged, permission revoked) ends the share.
  stream.getVideoTracks()[0]?.addEventListener('ended', () => {
    if (ownOf(store, source)?.stream === stream) void stopCameraShare(session, source);
  });
  const registered = await session.send(
    'camera_share_start',
    { source, name: own.name },
    CAMERA_SHARE_BUSY,
  );
  if (!registered) {
    dropLocal(session, source);
    return { ok: false, reason: 'refused' };
  }
  if (!(await publish(session, source))) {
    await stopCameraShare(session, source);
    return { ok: false, reason: 'unavailable' };
  }
  return { ok: true };
}

/** Publishes a registered share on a connection of its own; false when that failed. */
async function publish(session: Session, source: CameraShareSource): Promise<boolean> {
  const media = session.media;
  const track = ownOf(session.store, source)?.stream?.getVideoTracks()[0];
  const publisher = media?.createPublisher(source);
  if (!media || !publisher || !track) return false;
  publishers(session).set(source, publisher);
  media.extra.add(publisher, () => void republish(session, source));
  try {
    await publisher.setTrack('video', track);
    await publisher.negotiate();
    return true;
  } catch {
    media.extra.remove(publisher);
    publisher.close(false);
    if (publishers(session).get(source) === publisher) publishers(session).delete(source);
    return false;
  }
}

/**
 * The share's connection was lost (the media server restarted, or the server took us back as a
 * new participant): register it again if the server no longer lists it for us, and publish.
 */
async function republish(session: Session, source: CameraShareSource): Promise<void> {
  publishers(session).delete(source);
  const { store } = session;
  if (!(await connected(store)) || !ownOf(store, source)) return;
  const { room } = store.getState();
  const listed = readSlice(store.getState(), cameraShareSlice).shares.some(
    (s) => s.participant_id === room.selfId && s.source === source,
  );
  const own = ownOf(store, source);
  if (!own) return;
  const ok =
    (listed || (await session.send('camera_share_start', { source, name: own.name }))) &&
    (await publish(session, source));
  if (!ok) await stopCameraShare(session, source);
}

/** Resolves true once the room is joined (false after 30 s without). */
function connected(store: RoomStore): Promise<boolean> {
  const ready = () => {
    const { room } = store.getState();
    return room.joinState === 'connected' && room.selfId !== null;
  };
  if (ready()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, 30_000);
    const unsubscribe = store.subscribe(() => {
      if (!ready()) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
  });
}

/** Ends the capture and connection of a share here, without telling the server. */
function dropLocal(session: Session, source: CameraShareSource): void {
  const publisher = publishers(session).get(source);
  publishers(session).delete(source);
  if (publisher) {
    session.media?.extra.remove(publisher);
    // Tells the media server (`unpublish`) when it was published.
    publisher.close();
  }
  ownOf(session.store, source)
    ?.stream?.getTracks()
    .forEach((t) => t.stop());
  update(session.store, (s) => ({ ...s, own: s.own.filter((o) => o.source !== source) }));
}

/** Stops one of this browser's shares: `stopping` until the server's list drops it. */
export async function stopCameraShare(session: Session, source: CameraShareSource): Promise<void> {
  const { store } = session;
  const selfId = store.getState().room.selfId;
  const listed = readSlice(store.getState(), cameraShareSlice).shares.some(
    (s) => s.participant_id === selfId && s.source === source,
  );
  const id = selfId ? shareId(selfId, source) : null;
  if (listed && id) update(store, (s) => ({ ...s, stopping: [...s.stopping, id] }));
  dropLocal(session, source);
  if (!listed) return;
  if (!(await session.send('camera_share_stop', { source }, CAMERA_SHARE_BUSY)) && id) {
    update(store, (s) => ({ ...s, stopping: s.stopping.filter((x) => x !== id) }));
  }
}

/**
 * Keeps this browser's shares in step with the server's list: a share listed for us is
 * confirmed; a confirmed one the list dropped was ended by the server (the host's Stop cameras,
 * a role taken back) and ends here too. Returns the names of the shares that ended.
 */
export function reconcile(session: Session): string[] {
  const { store } = session;
  const state = store.getState();
  const selfId = state.room.selfId;
  const slice = readSlice(state, cameraShareSlice);
  const ended: OwnShare[] = [];
  let own = slice.own;
  for (const share of slice.own) {
    const listed = slice.shares.some(
      (s) => s.participant_id === selfId && s.source === share.source,
    );
    if (listed && share.listedAs !== selfId) {
      own = own.map((o) => (o === share ? { ...o, listedAs: selfId } : o));
    } else if (!listed && share.listedAs !== null && share.listedAs === selfId) {
      ended.push(share);
    }
  }
  if (own !== slice.own) update(store, (s) => ({ ...s, own }));
  for (const share of ended) dropLocal(session, share.source);
  return ended.map((share) => share.name);
}

/** Features this share on the viewer's stage (null: none). */
export function pinShare(store: RoomStore, id: string | null): void {
  update(store, (s) => ({ ...s, pinned: id }));
}
