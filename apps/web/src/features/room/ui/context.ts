import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { RoomSession } from '../session/RoomSession.ts';
import type { RoomStoreState } from '../store.ts';

/** The room session of the page; every room component reads state and acts through it. */
export const RoomContext = createContext<RoomSession | null>(null);

export function useRoom(): RoomSession {
  const session = useContext(RoomContext);
  if (!session) throw new Error('useRoom() outside a RoomContext');
  return session;
}

/** A slice of the room store; re-renders only when the slice changes (Object.is). */
export function useRoomState<T>(selector: (state: RoomStoreState) => T): T {
  return useStore(useRoom().store, selector);
}
