import { useEffect, useState } from 'react';
import type { RoomStoreState } from '../store.ts';
import { useRoomState } from './context.ts';

/**
 * When the call view may first render, joining (issue 11 item 3). Its first render is the
 * page's longest task (100–380 ms of script, style and layout measured on a loaded 2-core
 * machine), and it used to run exactly while the subscription's offer came back, so the offer
 * and the answer waited behind it. Now the view waits until the subscriber has answered and
 * sent its first candidate (the media server can start sending; ICE and DTLS then take a while
 * that needs little of the main thread), or until there is nothing to wait for, or
 * `CALL_VIEW_WAIT_MS` at the longest.
 */
export function callViewReady({ room, media }: Pick<RoomStoreState, 'room' | 'media'>): boolean {
  if (media.subscriberAnswered || media.availability === 'unavailable' || !media.supported) {
    return true;
  }
  // Nobody else sends anything: no subscription is coming.
  return !Object.values(room.participants).some(
    (p) => p.id !== room.selfId && (p.audio || p.video || p.screen),
  );
}

/**
 * Whether the room page has more to show than a loader, for a session the join page launched
 * (the join page stays until then, see browserRoom.ts launchedRoomShowable): a failure, a
 * waiting screen or the end at once, the call once its view may render (callViewReady).
 */
export function roomShowable(state: Pick<RoomStoreState, 'room' | 'media' | 'failure'>): boolean {
  if (state.failure) return true;
  const { joinState } = state.room;
  if (joinState === 'joining') return false;
  return joinState !== 'connected' || callViewReady(state);
}

/** The longest the call view waits for the subscription once joined. */
export const CALL_VIEW_WAIT_MS = 1_000;

/**
 * Whether to show the call view: in the call and ready (above), or waited long enough. Once
 * shown it stays, whatever the media does later (someone starting a camera, a reconnection).
 */
export function useCallViewGate(inCall: boolean): boolean {
  const ready = useRoomState(callViewReady);
  const [waited, setWaited] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!inCall || waited) return;
    const timer = setTimeout(() => setWaited(true), CALL_VIEW_WAIT_MS);
    return () => clearTimeout(timer);
  }, [inCall, waited]);
  const show = inCall && (shown || ready || waited);
  // Remembered during the render (React's pattern for state derived from what it saw).
  if (show && !shown) setShown(true);
  return show;
}
