import { createStore, type StoreApi } from 'zustand/vanilla';
import { INITIAL_ROOM, type RoomInput, type RoomState } from './state/roomState.ts';
import {
  NO_FEATURES,
  reduceWithFeatures,
  sliceValue,
  type FeatureReducers,
  type FeatureSlice,
  type FeatureStates,
} from './state/featureState.ts';
import { INITIAL_MEDIA, type LocalMediaState } from './media/localMedia.ts';
import type { SignalingRequestError } from './signaling/errors.ts';

/**
 * The live room's store: the server-driven room (reduced by `reduceRoom`), the slices of the
 * in-call features (state/featureState.ts), this browser's media state, and the loading flags
 * of host controls. One store per room session; components read it through
 * `useRoomState(selector)` (ui/context.ts).
 */
export interface RoomStoreState {
  room: RoomState;
  /** The in-call features' own state, by slice key; read with `readSlice`. */
  features: FeatureStates;
  /** The side panel shown beside the stage: a feature's id, or null. */
  panel: string | null;
  media: LocalMediaState;
  /** Controls waiting for the server's answer (lock, waiting room, admit-all…), by name. */
  busy: Readonly<Record<string, boolean>>;
  /** Why the session ended when it was not by choice (connection lost, admission expired…). */
  failure: SignalingRequestError | null;
  dispatch: (input: RoomInput) => void;
  setFeature: (key: string, value: unknown) => void;
  setPanel: (panel: string | null) => void;
  setMedia: (patch: Partial<LocalMediaState>) => void;
  setBusy: (name: string, busy: boolean) => void;
  setFailure: (failure: SignalingRequestError | null) => void;
}

export type RoomStore = StoreApi<RoomStoreState>;

export function createRoomStore(
  initial: Partial<RoomState> = {},
  reducers: FeatureReducers = NO_FEATURES,
): RoomStore {
  return createStore<RoomStoreState>()((set) => ({
    room: { ...INITIAL_ROOM, ...initial },
    features: {},
    panel: null,
    media: INITIAL_MEDIA,
    busy: {},
    failure: null,
    dispatch: (input) =>
      set((s) => {
        const next = reduceWithFeatures(s, input, reducers);
        return next.room === s.room && next.features === s.features ? s : next;
      }),
    setFeature: (key, value) =>
      set((s) => (s.features[key] === value ? s : { features: { ...s.features, [key]: value } })),
    setPanel: (panel) => set((s) => (s.panel === panel ? s : { panel })),
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

/** A feature's slice in the store's state (for selectors). */
export function readSlice<S>(state: Pick<RoomStoreState, 'features'>, slice: FeatureSlice<S>): S {
  return sliceValue(state.features, slice);
}

/** Replaces a feature's slice: a local choice of that feature (not a server event). */
export function writeSlice<S>(store: RoomStore, slice: FeatureSlice<S>, value: S): void {
  store.getState().setFeature(slice.key, value);
}
