import type { Logger } from 'pino';
import type {
  ClientMessageOf,
  FeatureRequestType,
  RoomRequestType,
  ServerMessage,
} from '@podium/protocol';
import type { Decision, Effect, Outgoing, RoomError, RoomState } from '../../rooms/index.ts';
import type { FeatureColumns } from '../../rooms/permission-rules.ts';
import type { MediaRouting, RoutingEffect } from '../media-routing.ts';
import type { RoomEgress } from '../room-egress.ts';
import type { Answer } from '../room-types.ts';
import type { AttachmentLookup, ChatHistory } from './chat/services.ts';
import type { BreakoutStore } from './breakout/services.ts';
import type { AudienceOutputs } from './audience/services.ts';
import type { RecordingLibrary } from './recording/services.ts';
import type { StreamDestinations } from './streaming/services.ts';
import type { WhiteboardStore } from './whiteboard/services.ts';
import type { StudioStore } from './studio/services.ts';

/**
 * The contract between the room host and its in-call features (see realtime/README.md,
 * "Adding an in-call feature"). The host knows features only through `features/index.ts`: the
 * list of features and the two typed tables (requests outside the machine, effects).
 */

/** The services features use, handed to the room host by the registry. */
export interface FeatureDeps {
  chat: ChatHistory;
  /** Where breakout rooms are kept across a restart (services/rooms); none: memory only. */
  breakouts?: BreakoutStore;
  /** Uploads a chat message may attach (StorageService through services/rooms). */
  attachments?: AttachmentLookup;
  /** Where the audience stream is written and who watches it (services/live). */
  audience?: AudienceOutputs;
  /** The composed picture of a room (recording, RTMP, HLS); NO_EGRESS when unavailable. */
  egress: RoomEgress;
  /** Where recordings are listed (services/recordings); without it recording is refused. */
  recordings?: RecordingLibrary;
  /** Saved stream servers and the host check (services/streaming); none: no streaming. */
  streaming?: StreamDestinations;
  /** Rooms' stored whiteboards (services/whiteboards); none: a board lasts its room run. */
  whiteboards?: WhiteboardStore;
  /** The events' stored studios (services/studio); none: the default studio, not saved. */
  studio?: StudioStore;
}

/** What a feature may use of its live room. */
export interface FeatureRoom {
  readonly roomId: string;
  /** The services features use. */
  readonly deps: FeatureDeps;
  /** The room state after the last applied command (immutable). */
  readonly state: RoomState;
  readonly log: Logger;
  readonly routing: MediaRouting;
  /** Runs `task` in the room's turn: after the commands queued before it, before later ones. */
  turn<T>(task: () => T | Promise<T>): Promise<T>;
  /** Delivers events like the machine's (audiences resolved against the current state). */
  deliver(events: readonly Outgoing[]): void;
  /** Database writes in order (chat, blocks), off the command path. */
  write<T>(run: () => Promise<T>): Promise<T>;
  /** This feature's state for the room run (opened with the room). */
  local<T>(slot: FeatureSlot<T>): T;
}

/** Per-room-run state of a feature, opened before the room takes its first command. */
export interface FeatureSlot<T> {
  readonly name: string;
  open(deps: FeatureDeps, roomId: string): Promise<T> | T;
}

export interface RoomFeature {
  readonly name: string;
  /**
   * The permission columns of this feature's actions (rooms/feature-permissions/<name>.ts: pure
   * data beside the room machine, which reads them through `can`).
   */
  readonly permissions?: Partial<FeatureColumns>;
  /** State this feature keeps per room run. */
  readonly slots?: readonly FeatureSlot<unknown>[];
  /** Rewrites a decision before it is applied (chat stamps message ids with the room run). */
  decorate?(room: FeatureRoom, decision: Decision): Decision;
  /**
   * Messages for a participant right after their `welcome` (before their feeds): the feature's
   * state, whatever it is. A new participant is not sent those equal to the protocol's
   * `WELCOME_DEFAULTS`, which its browser holds (`FeatureRuntime.welcome`); a resume is sent all.
   */
  welcome?(room: FeatureRoom, participantId: string): readonly ServerMessage[];
  /**
   * The room run is over (ended for everyone, or closed: idle, shutdown): stop what outlives a
   * command (recordings, live streams). Called once per run; awaited before the room closes.
   */
  ended?(room: FeatureRoom): Promise<void> | void;
}

/**
 * Runs before a room-machine request of its type takes its turn: may look something up
 * outside the turn (a stored upload), and gives the check that runs in the turn against the
 * state of the moment: the request to apply (possibly rewritten) or a refusal.
 */
export type RequestPreparer<T extends RoomRequestType> = (
  room: FeatureRoom,
  by: string,
  request: ClientMessageOf<T>,
) => Promise<(state: RoomState) => Prepared<ClientMessageOf<T>>>;
export type Prepared<R> = { ok: true; request: R } | { ok: false; error: RoomError };

/** At most one preparer per room request type. */
export type RequestPreparers = { readonly [T in RoomRequestType]?: RequestPreparer<T> };

/** A request answered outside the room machine. Exactly one `answer`. */
export type FeatureRequestHandler<T extends FeatureRequestType> = (
  room: FeatureRoom,
  by: string,
  request: ClientMessageOf<T>,
  answer: Answer,
) => Promise<void>;

/** Every feature request type has exactly one handler (a missing one does not compile). */
export type FeatureRequestHandlers = {
  readonly [T in FeatureRequestType]: FeatureRequestHandler<T>;
};

/** The machine's effects the room host carries out itself (timers, lifetime, media routing). */
type CoreEffect = RoutingEffect | Extract<Effect, { kind: 'wake' | 'room.ended' }>;
/** Every other effect belongs to a feature. */
export type FeatureEffect = Exclude<Effect, CoreEffect>;

/** Every feature effect kind has exactly one handler (a missing one does not compile). */
export type FeatureEffectHandlers = {
  readonly [K in FeatureEffect['kind']]: (
    room: FeatureRoom,
    effect: Extract<FeatureEffect, { kind: K }>,
    before: RoomState,
    after: RoomState,
  ) => void;
};
