import type * as RoomModule from '../room/prefetch.ts';

/*
 * The room's code as the join page drives it (prefetch, socket, launch), remembered here only:
 * lazy, so the join page's first load does not grow; it loads while the pre-join page shows.
 */

type Room = typeof RoomModule;

let room: Room | null = null;

export function loadRoom(): Promise<Room> {
  return import('../room/prefetch.ts').then((m) => {
    room = m;
    return m;
  });
}

/** The room's code if it is here already (the admission must not wait a turn for it). */
export function loadedRoom(): Room | null {
  return room;
}

/** Now when it is here (the click and the admission must not wait a turn), else once loaded. */
export function withRoom(run: (room: Room) => void): void {
  if (room) run(room);
  else void loadRoom().then(run);
}
