import { WELCOME_DEFAULTS, type ChatMessageView } from '@podium/protocol';
import { appendChat, reduceRoom, type RoomInput, type RoomState } from './roomState.ts';

/**
 * The part of the room store that in-call features own (features/README.md). The core room
 * (`reduceRoom`) does not know any feature; each feature may keep one slice, folded from the same
 * inputs, and may turn an event into a line of the chat. Pure, like `reduceRoom`.
 */

/** A feature's own state in the room store. */
export interface FeatureSlice<S> {
  /** Unique among the session's features (the feature's id). */
  readonly key: string;
  readonly initial: S;
  /**
   * Folds one server event or local action; `room` is the room after the core folded the same
   * input. Returns `slice` itself when nothing changed (the store then does not notify).
   */
  reduce?(slice: S, input: RoomInput, room: RoomState): S;
}

/** What the store folds besides the core room, gathered from the session's features. */
export interface FeatureReducers {
  readonly slices: readonly FeatureSlice<unknown>[];
  /** Events that also show as a chat line (a gift given): the line, or null. */
  readonly chatLines: readonly ((input: RoomInput) => ChatMessageView | null)[];
}

export const NO_FEATURES: FeatureReducers = { slices: [], chatLines: [] };

/** Slice values by key; read them through `sliceValue`. */
export type FeatureStates = Readonly<Record<string, unknown>>;

export interface RoomAndFeatures {
  room: RoomState;
  features: FeatureStates;
}

/** A slice's current value (its initial value until first written). */
export function sliceValue<S>(features: FeatureStates, slice: FeatureSlice<S>): S {
  // Only `reduceWithFeatures` and the store's `setFeature` (through `writeSlice`) write under a
  // slice's key, and both write that slice's own type: the cast cannot lie.
  return slice.key in features ? (features[slice.key] as S) : slice.initial;
}

/** Folds one input into the room and every feature slice. Never mutates `current`. */
export function reduceWithFeatures(
  current: RoomAndFeatures,
  input: RoomInput,
  reducers: FeatureReducers,
): RoomAndFeatures {
  let room = reduceRoom(current.room, input);
  for (const lineOf of reducers.chatLines) {
    const line = lineOf(input);
    if (line) room = appendChat(room, line);
  }
  // Welcomed as a new participant (its first welcome, or a join after its session was lost): the
  // server tells only the feature state that differs from the protocol's defaults, so every slice
  // first takes the defaults as if they had been told; what is this browser's own stays. A slice
  // never written still holds its initial value, which is the default. A resume (the same
  // participant on a new socket) is told every state and keeps what it shows meanwhile.
  const anew = input.type === 'welcome' && input.participant.id !== current.room.selfId;
  let features = current.features;
  for (const slice of reducers.slices) {
    if (!slice.reduce) continue;
    const before = sliceValue(features, slice);
    let after = before;
    if (anew && slice.key in features) {
      for (const told of WELCOME_DEFAULTS) after = slice.reduce(after, told, room);
    }
    after = slice.reduce(after, input, room);
    if (after !== before) features = { ...features, [slice.key]: after };
  }
  return room === current.room && features === current.features ? current : { room, features };
}
