import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { INITIAL_ROOM, reduceRoom, type RoomInput, type RoomState } from './state/roomState.ts';
import { INITIAL_MEDIA, type LocalMediaState } from './media/localMedia.ts';
import type { SignalingRequestError } from './signaling/errors.ts';

/**
 * The live room's store: the server-driven room (reduced by `reduceRoom`), this browser's media
 * state, and the loading flags of host controls. One store per room session; components read it
 * through `useRoomStore(selector)`.
 */
export interface RoomStoreState {
  room: RoomState;
  media: LocalMediaState;
  /** Controls waiting for the server's answer (lock, waiting room, admit-all…), by name. */
  busy: Readonly<Record<string, boolean>>;
  /** Why the session ended when it was not by choice (connection lost, admission expired…). */
  failure: SignalingRequestError | null;
  dispatch: (input: RoomInput) => void;
  setMedia: (patch: Partial<LocalMediaState>) => void;
  setBusy: (name: string, busy: boolean) => void;
  setFailure: (failure: SignalingRequestError | null) => void;
}

export type RoomStore = StoreApi<RoomStoreState>;

export function createRoomStore(initial: Partial<RoomState> = {}): RoomStore {
  return createStore<RoomStoreState>()((set) => ({
    room: { ...INITIAL_ROOM, ...initial },
    media: INITIAL_MEDIA,
    busy: {},
    failure: null,
    dispatch: (input) =>
      set((s) => {
        const room = reduceRoom(s.room, input);
        return room === s.room ? s : { room };
      }),
    setMedia: (patch) => set((s) => ({ media: { ...s.media, ...patch } })),
    setBusy: (name, busy) =>
      set((s) => {
        if (Boolean(s.busy[name]) === busy) return s;
        const next = { ...s.busy };
        if (busy) next[name] = true;
        else delete next[name];
        return { busy: next };
      }),
    setFailure: (failure) => set({ failure }),
  }));
}

export function useRoomStore<T>(store: RoomStore, selector: (state: RoomStoreState) => T): T {
  return useStore(store, selector);
}
