import type { Participant, RoomState } from './state.ts';
import { isModerator } from './state.ts';
import { PMap } from './pmap.ts';
import type { Audience } from './views.ts';
import { assertNever } from '../shared/assert-never.ts';

/**
 * Who an audience stands for, kept as sets that follow the room state, so a fan-out walks
 * exactly its recipients instead of building an array from the whole roster per message. It
 * agrees with `resolveAudience` (views.ts, the pure definition; the room machine's property
 * test compares the two after every command): connected participants only, moderators being
 * connected hosts and co-hosts.
 *
 * `update` runs after every state change; it looks only at the participants that changed
 * (`PMap.changedSince` skips the buckets two versions share), so a join costs O(1), not O(N).
 * Iteration order is the order people became connected, which no recipient can observe.
 */
export class Audiences {
  readonly #connected = new Set<string>();
  readonly #moderators = new Set<string>();
  #participants: PMap<Participant> = PMap.empty();

  constructor(state: RoomState) {
    this.update(state);
  }

  /** Brings the sets up to `state` (any later version of the state the last call saw). */
  update(state: RoomState): void {
    const next = state.participants;
    if (next === this.#participants) return;
    for (const id of next.changedSince(this.#participants)) {
      const p = next.get(id);
      if (p?.status === 'connected') this.#connected.add(id);
      else this.#connected.delete(id);
      if (p?.status === 'connected' && isModerator(p)) this.#moderators.add(id);
      else this.#moderators.delete(id);
    }
    this.#participants = next;
  }

  /** Connected participants, for a caller that only counts or walks them. */
  get connected(): ReadonlySet<string> {
    return this.#connected;
  }

  /** Calls `visit` with every participant id the audience stands for. */
  forEach(audience: Audience, visit: (id: string) => void): void {
    switch (audience.to) {
      case 'participant':
        visit(audience.id);
        return;
      case 'everyone': {
        const except = audience.except;
        for (const id of this.#connected) if (id !== except) visit(id);
        return;
      }
      case 'moderators': {
        const except = audience.except;
        for (const id of this.#moderators) if (id !== except) visit(id);
        return;
      }
      case 'audience': {
        const except = audience.except;
        const moderators = this.#moderators;
        for (const id of this.#connected) if (id !== except && !moderators.has(id)) visit(id);
        return;
      }
      default:
        assertNever(audience, 'audience');
    }
  }
}
