import type { FeatureRequest, RoomRequest, ServerMessage } from '@podium/protocol';
import type { Decision, RoomState } from '../../rooms/index.ts';
import type { Answer } from '../room-types.ts';
import { isWelcomeDefault } from './defaults.ts';
import { FEATURE_EFFECTS, FEATURE_REQUESTS, REQUEST_PREPARERS, ROOM_FEATURES } from './index.ts';
import type {
  FeatureDeps,
  FeatureEffect,
  FeatureRequestHandler,
  FeatureRoom,
  FeatureSlot,
  Prepared,
  RequestPreparer,
} from './types.ts';

/**
 * The in-call features of one room run, as the room host drives them: opens their per-room
 * state, lets them rewrite decisions, add to a welcome, carry out their effects and answer
 * their requests. Everything comes from the registrations in `index.ts`.
 */
export class RoomFeatures {
  /** What features see of the room. */
  readonly room: FeatureRoom;
  readonly #slots = new Map<FeatureSlot<unknown>, unknown>();
  #ending: Promise<void> | undefined;

  constructor(host: Omit<FeatureRoom, 'local' | 'deps'>, deps: FeatureDeps) {
    const slots = this.#slots;
    this.room = {
      roomId: host.roomId,
      deps,
      get state() {
        return host.state;
      },
      log: host.log,
      routing: host.routing,
      turn: (task) => host.turn(task),
      deliver: (events) => host.deliver(events),
      write: (run) => host.write(run),
      local: <T>(slot: FeatureSlot<T>): T => {
        if (!slots.has(slot)) throw new Error(`feature state ${slot.name} is not open`);
        return slots.get(slot) as T;
      },
    };
  }

  /** Opens every feature's per-room state (before the room takes its first command). */
  async open(): Promise<void> {
    for (const feature of ROOM_FEATURES) {
      for (const slot of feature.slots ?? []) {
        this.#slots.set(slot, await slot.open(this.room.deps, this.room.roomId));
      }
    }
  }

  decorate(decision: Decision): Decision {
    let d = decision;
    for (const feature of ROOM_FEATURES) if (feature.decorate) d = feature.decorate(this.room, d);
    return d;
  }

  /**
   * What follows a participant's `welcome`. A browser welcomed as a new participant holds every
   * feature's default (protocol `WELCOME_DEFAULTS`), so it is sent only the state that differs:
   * in a quiet room that is eight messages a join fewer, which a bare `ws` room never sends
   * (issue 11 item 5). A resume (the same participant on a new socket) may find its browser
   * holding an older state of the room, so it is sent every state.
   */
  welcome(participantId: string, resumed: boolean): ServerMessage[] {
    const messages = ROOM_FEATURES.flatMap(
      (feature) => feature.welcome?.(this.room, participantId) ?? [],
    );
    return resumed ? messages : messages.filter((m) => !isWelcomeDefault(m));
  }

  /** The run is over: each feature stops what it runs (once; failures are logged). */
  ended(): Promise<void> {
    this.#ending ??= Promise.all(
      ROOM_FEATURES.map(async (feature) => {
        try {
          await feature.ended?.(this.room);
        } catch (error) {
          this.room.log.error({ err: error, feature: feature.name }, 'feature could not end');
        }
      }),
    ).then(() => undefined);
    return this.#ending;
  }

  effect(effect: FeatureEffect, before: RoomState, after: RoomState): void {
    // FEATURE_EFFECTS has one handler per kind (complete by type); TypeScript cannot pair a
    // union member with its handler, so the call is widened.
    const handle = FEATURE_EFFECTS[effect.kind] as (
      room: FeatureRoom,
      effect: FeatureEffect,
      before: RoomState,
      after: RoomState,
    ) => void;
    handle(this.room, effect, before, after);
  }

  /**
   * The check a feature runs on a room-machine request before it applies (REQUEST_PREPARERS),
   * or null when no feature checks this type.
   */
  prepare(
    by: string,
    request: RoomRequest,
  ): Promise<(state: RoomState) => Prepared<RoomRequest>> | null {
    // One preparer per type at most; widened like the tables below.
    const prepare = REQUEST_PREPARERS[request.type] as
      RequestPreparer<RoomRequest['type']> | undefined;
    return prepare ? prepare(this.room, by, request) : null;
  }

  request(by: string, request: FeatureRequest, answer: Answer): Promise<void> {
    // One handler per request type (FEATURE_REQUESTS is complete by type), widened as above.
    const handle = FEATURE_REQUESTS[request.type] as FeatureRequestHandler<FeatureRequest['type']>;
    return handle(this.room, by, request, answer);
  }
}
