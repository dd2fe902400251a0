import { iceConfig } from './media/iceConfig.ts';
import { prefetchSocketAuth } from './session/auth.ts';

/**
 * What the room can do before the click on Join (issue 11 item 3): while the pre-join page is
 * shown, load the room page's code and the call's ICE config (`POST /config` needs no ticket),
 * so neither waits behind verify-call any more.
 */
export function prefetchRoom(): void {
  void import('./ui/RoomRoute.tsx').catch(() => undefined);
  void iceConfig.load();
}

/**
 * Admitted: ask for the socket's credentials with the fresh ticket at once, while the page
 * switches to the room; the room's first `authenticate` takes this answer instead of asking
 * again after it mounted.
 */
export function prefetchRoomSocket(ticket: string): void {
  prefetchSocketAuth(ticket);
}
