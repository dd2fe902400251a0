import type { ClientMessage, RoomMode } from '@podium/protocol';
import type { Identity, RoomCommand, RoomError, RoomState, TicketRole } from '../rooms/index.ts';
import type { WireFrame } from './wire-frame.ts';

/** The answer to one client request: becomes its `reply` or `error`. */
export type Outcome =
  | { readonly ok: true; readonly data?: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly error: RoomError };
export type Answer = (outcome: Outcome) => void;

export const OK: Outcome = { ok: true };

/** Why the room let go of a socket's participant. */
export type ReleaseReason = 'left' | 'ended' | 'taken_over' | 'moved';

/** One socket as the room sees it. */
export interface Peer {
  /**
   * Sends one serialised server message as a text frame. Never throws. A fan-out passes the same
   * WireFrame to every recipient, so the message is encoded and framed once, not once per socket.
   */
  send(frame: string | WireFrame): void;
  /**
   * The participant is no longer this socket's (left, removed, room ended, resumed elsewhere, or
   * `moved`: another node runs the room now and the socket should reconnect there).
   */
  released(reason: ReleaseReason): void;
}

export interface RoomSettings {
  /** The event's alias id. */
  roomId: string;
  mode: RoomMode;
  /** A scheduled event without "join before host". */
  waitForHost: boolean;
  /** Epoch ms the event's link expires (its use ends), or null. */
  expiresAt: number | null;
}

export type CloseReason = 'ended' | 'idle' | 'shutdown';

/** The room stopped taking commands; a join should go to a fresh room. */
export class RoomClosedError extends Error {
  constructor() {
    super('the room is closed');
    this.name = 'RoomClosedError';
  }
}

export type MediaRequest = Extract<
  ClientMessage,
  {
    type:
      | 'publish_offer'
      | 'unpublish'
      | 'subscribe'
      | 'receive_video'
      | 'receive_layer'
      | 'send_layer'
      | 'answer'
      | 'trickle'
      | 'ice_restart';
  }
>;

export interface JoinInput {
  sessionId: string;
  identity: Identity;
  name: string;
  ticketRole: TicketRole;
  hasMic: boolean;
  hasCamera: boolean;
  /** The egress's recorder (from recorder credentials): hidden and view-only. */
  recorder?: boolean;
}

export interface BlockList {
  list(roomId: string): Promise<string[]>;
  add(roomId: string, identity: string): Promise<void>;
}

export interface RoomHostEvents {
  /**
   * After every applied command: the state before and after it (the same object when nothing
   * changed). The one place to observe room state changes (persistence, metrics).
   */
  stateChanged: { before: RoomState; after: RoomState; command: RoomCommand };
  /** A participant got a `welcome` (joined, let in, or resumed): they are in the room. */
  welcomed: { identity: Identity };
  /** Emitted once, as soon as the room stops taking commands; `done` settles after teardown. */
  closing: { reason: CloseReason; done: Promise<void> };
}
