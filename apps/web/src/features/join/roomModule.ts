import type * as RoomModule from '../room/prefetch.ts';
import { lazyModule } from '../../shared/lazyModule.ts';

/*
 * The room's code as the join page drives it (prefetch, socket, launch), remembered here only:
 * lazy, so the join page's first load does not grow; it loads while the pre-join page shows.
 */

type Room = typeof RoomModule;

const room = lazyModule<Room>(() => import('../room/prefetch.ts'));

export function loadRoom(): Promise<Room> {
  return room.load();
}

/** The room's code if it is here already (the admission must not wait a turn for it). */
export function loadedRoom(): Room | null {
  return room.current();
}

/** Now when it is here (the click and the admission must not wait a turn), else once loaded. */
export function withRoom(run: (room: Room) => void): void {
  const loaded = room.current();
  if (loaded) run(loaded);
  else void room.load().then(run);
}
