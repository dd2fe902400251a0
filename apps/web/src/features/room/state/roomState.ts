import type {
  ChatMessageView,
  FeedView,
  JoinState,
  Layout,
  MediaKind,
  ParticipantView,
  RoomMode,
  RoomSnapshot,
  ServerEvent,
  WaitingEntry,
} from '@podium/protocol';
import { assertNever } from '../../../shared/assertNever.ts';
import type { ConnectionState } from '../signaling/SignalingClient.ts';

/**
 * The live room as this browser knows it, and the pure function that folds server events and
 * local choices into it. The Zustand store (../store.ts) only holds the value and calls
 * `reduceRoom`; every rule lives here and is unit-tested.
 */

export interface RaisedHand {
  participantId: string;
  name: string;
  /** Epoch ms the hand went up: hands are answered in that order. */
  at: number;
}

export interface AskPrompt {
  kind: MediaKind;
  by: string;
}

export type EndedReason = Extract<ServerEvent, { type: 'ended' }>['reason'];
export type RemovedReason = Extract<ServerEvent, { type: 'removed' }>['reason'];

export interface RoomState {
  connection: ConnectionState;
  joinState: JoinState;
  sessionId: string | null;
  selfId: string | null;
  mode: RoomMode | null;
  locked: boolean;
  waitingRoom: boolean;
  /** Pinned for everyone by a host. */
  pinnedForAll: string | null;
  /** Pinned by this viewer only; wins over the host's pin on this screen. */
  localPin: string | null;
  layout: Layout;
  participants: Readonly<Record<string, ParticipantView>>;
  /** Participant ids in the order they arrived, for stable tiles. */
  order: readonly string[];
  /** The waiting room (moderators only), oldest first. */
  waiting: readonly WaitingEntry[];
  /** Raised hands, oldest first. */
  hands: readonly RaisedHand[];
  chat: readonly ChatMessageView[];
  chatOpen: boolean;
  /** Messages from others that arrived while the chat panel was closed. */
  unread: number;
  /** Requests from a host to turn on the mic or camera, waiting for an answer. */
  asks: readonly AskPrompt[];
  feeds: Readonly<Record<string, FeedView>>;
  ended: EndedReason | null;
  removed: RemovedReason | null;
}

/** Choices and facts that come from this browser rather than the server. */
export type LocalAction =
  | { type: 'local/connection'; state: ConnectionState }
  | { type: 'local/layout'; layout: Layout }
  | { type: 'local/pin'; participantId: string | null }
  | { type: 'local/chat_open'; open: boolean }
  /** The person answered (or put off) a host's request. */
  | { type: 'local/ask_done'; kind: MediaKind }
  /** The join request was refused with a state the server did not send as `join_state`. */
  | { type: 'local/join_state'; state: JoinState }
  | { type: 'local/left' };

export type RoomInput = ServerEvent | LocalAction;

/** Older messages are dropped beyond this, so a long event does not grow the tab forever. */
export const CHAT_KEEP = 1000;

export const INITIAL_ROOM: RoomState = {
  connection: 'idle',
  joinState: 'joining',
  sessionId: null,
  selfId: null,
  mode: null,
  locked: false,
  waitingRoom: false,
  pinnedForAll: null,
  localPin: null,
  layout: 'gallery',
  participants: {},
  order: [],
  waiting: [],
  hands: [],
  chat: [],
  chatOpen: false,
  unread: 0,
  asks: [],
  feeds: {},
  ended: null,
  removed: null,
};

function sortHands(hands: RaisedHand[]): RaisedHand[] {
  return hands.sort((a, b) => a.at - b.at || a.participantId.localeCompare(b.participantId));
}

function handsOf(participants: readonly ParticipantView[]): RaisedHand[] {
  return sortHands(
    participants
      .filter((p) => p.hand_raised_at !== null)
      .map((p) => ({ participantId: p.id, name: p.name, at: p.hand_raised_at ?? 0 })),
  );
}

/**
 * Hands of people the viewer cannot see (the audience of a conference) arrive only as
 * hand_raised events; a snapshot keeps those and takes the visible ones from the roster.
 */
function mergeHands(current: readonly RaisedHand[], participants: ParticipantView[]) {
  const visible = new Set(participants.map((p) => p.id));
  return sortHands([
    ...current.filter((h) => !visible.has(h.participantId)),
    ...handsOf(participants),
  ]);
}

function applySnapshot(state: RoomState, room: RoomSnapshot): RoomState {
  const participants: Record<string, ParticipantView> = {};
  for (const p of room.participants) participants[p.id] = p;
  // Keep the known arrival order; newcomers go last in the snapshot's order.
  const order = [
    ...state.order.filter((id) => participants[id]),
    ...room.participants.map((p) => p.id).filter((id) => !state.order.includes(id)),
  ];
  return {
    ...state,
    mode: room.mode,
    locked: room.locked,
    waitingRoom: room.waiting_room,
    pinnedForAll: room.pinned,
    localPin: state.localPin && participants[state.localPin] ? state.localPin : null,
    participants,
    order,
    waiting: [...room.waiting].sort((a, b) => a.since - b.since),
    hands: mergeHands(state.hands, room.participants),
  };
}

function upsertParticipant(state: RoomState, participant: ParticipantView): RoomState {
  const known = state.participants[participant.id] !== undefined;
  const hands = state.hands.filter((h) => h.participantId !== participant.id);
  if (participant.hand_raised_at !== null) {
    hands.push({
      participantId: participant.id,
      name: participant.name,
      at: participant.hand_raised_at,
    });
  }
  return {
    ...state,
    participants: { ...state.participants, [participant.id]: participant },
    order: known ? state.order : [...state.order, participant.id],
    hands: sortHands(hands),
    // Someone admitted from the waiting room now stands in the room.
    waiting: state.waiting.filter((w) => w.participant_id !== participant.id),
  };
}

function removeParticipant(state: RoomState, id: string): RoomState {
  if (!state.participants[id] && !state.hands.some((h) => h.participantId === id)) return state;
  const participants = { ...state.participants };
  delete participants[id];
  const feeds = Object.fromEntries(
    Object.entries(state.feeds).filter(([, feed]) => feed.participant_id !== id),
  );
  return {
    ...state,
    participants,
    order: state.order.filter((p) => p !== id),
    hands: state.hands.filter((h) => h.participantId !== id),
    localPin: state.localPin === id ? null : state.localPin,
    pinnedForAll: state.pinnedForAll === id ? null : state.pinnedForAll,
    feeds,
  };
}

/**
 * Adds a chat line once (by id); it counts as unread unless the chat is open or it is one's own.
 * Features add their lines through it too (state/featureState.ts).
 */
export function appendChat(state: RoomState, message: ChatMessageView): RoomState {
  if (state.chat.some((m) => m.id === message.id)) return state;
  const chat = [...state.chat, message];
  const mine = message.from === state.selfId;
  return {
    ...state,
    chat: chat.length > CHAT_KEEP ? chat.slice(chat.length - CHAT_KEEP) : chat,
    unread: state.chatOpen || mine ? state.unread : state.unread + 1,
  };
}

/** Folds one server event or local action into the room. Never mutates `state`. */
export function reduceRoom(state: RoomState, input: RoomInput): RoomState {
  switch (input.type) {
    // ---- Server events
    case 'welcome': {
      const next = applySnapshot(
        { ...state, sessionId: input.session_id, selfId: input.participant.id },
        input.room,
      );
      const withSelf = upsertParticipant(next, input.participant);
      return { ...withSelf, joinState: 'connected', ended: null, removed: null, asks: [] };
    }
    case 'snapshot':
      return applySnapshot(state, input.room);
    case 'join_state':
      return { ...state, joinState: input.state };
    case 'participant_joined':
      // An upsert (protocol rule): a client that already knows the id replaces it.
      return upsertParticipant(state, input.participant);
    case 'participant_left':
      return removeParticipant(state, input.participant_id);
    case 'participant_updated': {
      const current = state.participants[input.participant_id];
      if (!current) return state;
      return upsertParticipant(state, { ...current, ...input.changes, id: current.id });
    }
    case 'room_updated':
      return {
        ...state,
        locked: input.changes.locked ?? state.locked,
        waitingRoom: input.changes.waiting_room ?? state.waitingRoom,
      };
    case 'waiting_list_updated': {
      const removed = new Set([...input.removed, ...input.added.map((w) => w.participant_id)]);
      const waiting = [
        ...state.waiting.filter((w) => !removed.has(w.participant_id)),
        ...input.added,
      ];
      return { ...state, waiting: waiting.sort((a, b) => a.since - b.since) };
    }
    case 'chat_message':
      return appendChat(state, input.message);
    case 'chat_history': {
      // The server's history replaces ours; anything newer that raced ahead of it is kept.
      const ids = new Set(input.messages.map((m) => m.id));
      const newer = state.chat.filter(
        (m) => !ids.has(m.id) && m.at > (input.messages.at(-1)?.at ?? 0),
      );
      const chat = [...input.messages, ...newer];
      return { ...state, chat: chat.slice(Math.max(0, chat.length - CHAT_KEEP)) };
    }
    case 'chat_cleared':
      return { ...state, chat: [], unread: 0 };
    case 'hand_raised': {
      const hands = state.hands.filter((h) => h.participantId !== input.participant_id);
      hands.push({ participantId: input.participant_id, name: input.name, at: input.at });
      const p = state.participants[input.participant_id];
      return {
        ...state,
        hands: sortHands(hands),
        participants: p
          ? { ...state.participants, [p.id]: { ...p, hand_raised_at: input.at } }
          : state.participants,
      };
    }
    case 'hand_lowered': {
      const p = state.participants[input.participant_id];
      return {
        ...state,
        hands: state.hands.filter((h) => h.participantId !== input.participant_id),
        participants: p
          ? { ...state.participants, [p.id]: { ...p, hand_raised_at: null } }
          : state.participants,
      };
    }
    case 'asked_to_enable':
      return {
        ...state,
        asks: [
          ...state.asks.filter((a) => a.kind !== input.kind),
          { kind: input.kind, by: input.by },
        ],
      };
    case 'pinned': {
      if (input.participant_id !== null) {
        return { ...state, pinnedForAll: input.participant_id, layout: 'pin' };
      }
      const layout = state.layout === 'pin' && state.localPin === null ? 'gallery' : state.layout;
      return { ...state, pinnedForAll: null, layout };
    }
    case 'mode_changed':
      return { ...state, mode: input.mode };
    case 'ended':
      return { ...state, ended: input.reason, joinState: 'ended', asks: [] };
    case 'removed':
      return { ...state, removed: input.reason, joinState: 'left', asks: [] };
    case 'feeds': {
      const feeds: Record<string, FeedView> = { ...state.feeds };
      for (const id of input.removed) delete feeds[id];
      for (const feed of input.added) feeds[feed.feed_id] = feed;
      return { ...state, feeds };
    }
    // Answers for the media layer, notices without lasting state, and events that only in-call
    // features fold (features/*: their slices and chat lines, state/featureState.ts); the
    // end-to-end key events are the media layer's (media/e2ee/).
    case 'gift_given':
    case 'recording_state':
    case 'recording_failed':
    case 'audience_state':
    case 'audience_chat_message':
    case 'audience_chat_history':
    case 'stream_state':
    case 'studio_state':
    case 'video_state':
    case 'camera_shares':
    case 'breakout_state':
    case 'breakout_message':
    case 'breakout_closing':
    case 'breakout_help':
    case 'e2ee_public_keys':
    case 'e2ee_sealed':
    case 'ask_answered':
    case 'media_stopped':
    case 'offer':
    case 'answer':
    case 'trickle':
    case 'renegotiate':
    case 'active_speaker':
    case 'whiteboard_state':
    case 'whiteboard_scene':
    case 'qr_ring':
    case 'qr_ring_stopped':
    case 'notification':
    case 'notification_count':
      // (The account channel's messages — QR call ringing, notifications — never come over a
      // room's socket.)
      return state;

    // ---- Local actions
    case 'local/connection':
      return { ...state, connection: input.state };
    case 'local/layout':
      return { ...state, layout: input.layout };
    case 'local/pin':
      return {
        ...state,
        localPin: input.participantId,
        layout: input.participantId !== null ? 'pin' : state.layout,
      };
    case 'local/chat_open':
      return { ...state, chatOpen: input.open, unread: input.open ? 0 : state.unread };
    case 'local/ask_done':
      return { ...state, asks: state.asks.filter((a) => a.kind !== input.kind) };
    case 'local/join_state':
      return { ...state, joinState: input.state };
    case 'local/left':
      return { ...state, joinState: 'left', asks: [] };
    default:
      return assertNever(input, 'room input');
  }
}

/** The participant this browser speaks for, once welcomed. */
export function selfOf(state: RoomState): ParticipantView | null {
  return state.selfId ? (state.participants[state.selfId] ?? null) : null;
}

/** Who the stage features: the viewer's own pin, else the host's pin for everyone. */
export function effectivePin(state: RoomState): string | null {
  const pin = state.localPin ?? state.pinnedForAll;
  return pin && state.participants[pin] ? pin : null;
}
