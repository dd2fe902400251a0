import type { SignalingMessageKey } from '@podium/protocol';
import { Refusal, type Draft } from './draft.ts';
import { can } from './permissions.ts';
import { BACKSTAGE_ROLES, type Action } from './roles.ts';
import { inRoom, type Participant } from './state.ts';
import { roomError } from './types.ts';

/**
 * The backstage (spec §4 "Presenter: visible or invisible", §6 "transfer presenters to
 * backstage"). An invisible presenter is off the stage and out of the participant list of
 * everyone but hosts and co-hosts (`isPublic`), still receives the room, and cannot raise a hand;
 * the roster diffs (`participant_left {reason: 'hidden'}`) take their feeds away from the others.
 *
 * Refusals:
 * - a presenter going invisible themselves needs another presenter (else 'No presenter
 *   available, cannot go invisible') who is visible (else 'Too few presenters to go invisible'):
 *   the stage never empties because presenters left it one by one;
 * - the host moving everyone backstage keeps the presenter pinned for everyone on the stage: with
 *   no presenter pinned, 'Please pin a presenter first';
 * - the host moving one presenter needs no other: the host (and co-hosts) stay on the stage and
 *   cannot go backstage, so a visible presenter remains.
 */

type Why = Extract<
  SignalingMessageKey,
  'room.no_presenter' | 'room.too_few_presenters' | 'room.pin_presenter_first'
>;

const isBackstageRole = (p: Participant): boolean => BACKSTAGE_ROLES.includes(p.role);

/** Why `self` may not go invisible given the presenters in the room (null: allowed). */
export function selfInvisibleRefusal(
  self: Participant,
  presenters: readonly Participant[],
): Why | null {
  const others = presenters.filter((p) => p.id !== self.id && inRoom(p) && isBackstageRole(p));
  if (others.length === 0) return 'room.no_presenter';
  if (!others.some((p) => !p.invisible)) return 'room.too_few_presenters';
  return null;
}

/**
 * Who the host's "move all to the backstage" moves: every visible presenter but the one pinned
 * for everyone; refused when no presenter is pinned.
 */
export function moveAllPlan(
  pinned: Participant | undefined,
  presenters: readonly Participant[],
): { ok: true; move: Participant[] } | { ok: false; why: Why } {
  if (!pinned || !inRoom(pinned) || !isBackstageRole(pinned) || pinned.invisible) {
    return { ok: false, why: 'room.pin_presenter_first' };
  }
  return {
    ok: true,
    move: presenters.filter(
      (p) => p.id !== pinned.id && inRoom(p) && isBackstageRole(p) && !p.invisible,
    ),
  };
}

function refuse(key: SignalingMessageKey, code: 'not_allowed' | 'invalid_target'): never {
  throw new Refusal(roomError(code, key));
}

function permit(d: Draft, actor: Participant, action: Action, target?: Participant): void {
  const ctx = {
    mode: d.mode,
    signedIn: actor.identity.kind === 'account',
    grants: actor.grants,
    targetRole: target?.role,
  };
  if (!can(actor.role, action, ctx)) {
    throw new Refusal(roomError('permission', 'errors.permission'));
  }
}

export interface BackstageRequest {
  invisible: boolean;
  participant_id?: string | undefined;
  all?: true | undefined;
}

/** `go_invisible` / `go_visible`: oneself, one presenter, or all of them (host controls). */
export function setInvisible(d: Draft, actor: Participant, request: BackstageRequest): void {
  const { invisible } = request;
  if (request.all) {
    permit(d, actor, 'move_to_backstage');
    if (!invisible) {
      for (const p of d.notableNow()) {
        if (p.invisible && isBackstageRole(p)) d.update(p, { invisible: false });
      }
      return;
    }
    const pinned = d.pinned === null ? undefined : d.get(d.pinned);
    const plan = moveAllPlan(pinned, d.notableNow());
    if (!plan.ok) refuse(plan.why, 'not_allowed');
    for (const p of plan.move) d.update(p, { invisible: true });
    return;
  }
  const id = request.participant_id;
  if (id !== undefined && id !== actor.id) {
    // Moving someone else to or from the backstage is a host control.
    const target = d.get(id);
    permit(d, actor, 'move_to_backstage', target);
    // The recorder and people outside the room are nobody's to move (handleRequest checked
    // the recorder already).
    if (!target || !inRoom(target)) {
      throw new Refusal(roomError('target_not_found', 'room.target_not_found'));
    }
    if (!isBackstageRole(target)) refuse('room.invalid_target', 'invalid_target');
    if (target.invisible !== invisible) d.update(target, { invisible });
    return;
  }
  permit(d, actor, 'go_invisible');
  if (actor.invisible === invisible) return;
  if (invisible) {
    const why = selfInvisibleRefusal(actor, d.notableNow());
    if (why) refuse(why, 'not_allowed');
  }
  d.update(actor, { invisible });
}
