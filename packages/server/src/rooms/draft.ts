import type {
  JoinState,
  LeaveReason,
  RoomMode,
  ServerEvent,
  ServerMessageOf,
  WaitingEntry,
} from '@podium/protocol';
import { PMap } from './pmap.ts';
import { isAttendeeRole, isMeetingLike, isStageRole } from './roles.ts';
import {
  identityKey,
  inRoom,
  inWaitingRoom,
  isModerator,
  isPublic,
  participantsInOrder,
  publishRightsIn,
  type EndReason,
  type Participant,
  type PublishRights,
  type RoomState,
} from './state.ts';
import type { CommandResult, Decision, Effect, RoomError } from './types.ts';
import {
  participantView,
  snapshotFor,
  viewChanges,
  waitingEntry,
  type Audience,
  type Outgoing,
} from './views.ts';

/** A refused command. Thrown inside the machine, caught by `decide`, never escapes it. */
export class Refusal {
  constructor(
    readonly error: RoomError,
    /** A join answer to show the would-be joiner (locked, full, ended). */
    readonly notify?: { readonly id: string; readonly state: JoinState },
  ) {}
}

type RemovedReason = ServerMessageOf<'removed'>['reason'];

interface Departure {
  readonly reason: LeaveReason;
  readonly notice: RemovedReason | null;
  readonly joinState: 'left' | 'ended';
}

const sameRights = (a: PublishRights, b: PublishRights): boolean =>
  a.audio === b.audio && a.video === b.video && a.screen === b.screen;

/**
 * The working copy of one decision. Handlers read and write it freely; `finish` then derives
 * what follows from the change as a whole: the host coming back, presenter promotions,
 * normalisation (no media without the right, no hand while invisible), and every roster,
 * waiting-list and join-state message — so no handler can forget one.
 */
export class Draft {
  readonly base: RoomState;
  readonly now: number;
  mode: RoomMode;
  locked: boolean;
  waitingRoom: boolean;
  started: boolean;
  ended: RoomState['ended'];
  pinned: string | null;
  seq: number;
  #participants: PMap<Participant>;
  /** Edits not yet folded into #participants (null: departed): one bucket copy per decision. */
  readonly #pending = new Map<string, Participant | null>();
  byIdentity: PMap<string>;
  hostId: string | null;
  ownerId: string | null;
  blocked: ReadonlySet<string>;
  coHosts: ReadonlySet<string>;
  returning: RoomState['returning'];

  readonly touched = new Set<string>();
  readonly departed = new Map<string, Departure>();
  readonly events: Outgoing[] = [];
  readonly effects: Effect[] = [];
  /** Send a fresh welcome even if the status did not change (a second socket took over). */
  readonly rewelcome = new Set<string>();
  /** Someone on the stage left a meeting: the longest-waiting attendee moves up. */
  stageDeparture = false;

  constructor(base: RoomState, now: number) {
    this.base = base;
    this.now = now;
    this.mode = base.mode;
    this.locked = base.locked;
    this.waitingRoom = base.waitingRoom;
    this.started = base.started;
    this.ended = base.ended;
    this.pinned = base.pinned;
    this.seq = base.seq;
    this.#participants = base.participants;
    this.byIdentity = base.byIdentity;
    this.hostId = base.hostId;
    this.ownerId = base.ownerId;
    this.blocked = base.blocked;
    this.coHosts = base.coHosts;
    this.returning = base.returning;
  }

  /** Present participants as of now. */
  get participants(): PMap<Participant> {
    if (this.#pending.size > 0) {
      this.#participants = this.#participants.apply(this.#pending);
      this.#pending.clear();
    }
    return this.#participants;
  }

  get(id: string): Participant | undefined {
    const pending = this.#pending.get(id);
    if (pending !== undefined) return pending ?? undefined;
    return this.#pending.has(id) ? undefined : this.#participants.get(id);
  }

  put(p: Participant): Participant {
    this.#pending.set(p.id, p);
    this.touched.add(p.id);
    return p;
  }

  update(p: Participant, patch: Partial<Participant>): Participant {
    return this.put({ ...(this.get(p.id) ?? p), ...patch });
  }

  send(to: Audience, message: ServerEvent): void {
    this.events.push({ to, message });
  }

  effect(effect: Effect): void {
    this.effects.push(effect);
  }

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  /** Participants whose role is not an attendee's, as of now (the index plus this draft's edits). */
  notableNow(): Participant[] {
    const ids = new Set<string>(this.base.notable);
    for (const id of this.touched) ids.add(id);
    const out: Participant[] = [];
    for (const id of ids) {
      const p = this.get(id);
      if (p && inRoom(p) && !isAttendeeRole(p.role)) out.push(p);
    }
    return out;
  }

  /** In a meeting: stage members other than the host (the host's slot is always reserved). */
  nonHostStageCount(): number {
    let n = 0;
    for (const p of this.notableNow()) if (p.role !== 'host' && isStageRole(p.role)) n += 1;
    return n;
  }

  stageSlotFree(): boolean {
    return this.nonHostStageCount() < this.base.limits.meetingPresenters - 1;
  }

  depart(p: Participant, reason: LeaveReason, notice: RemovedReason | null): void {
    this.#pending.set(p.id, null);
    const key = identityKey(p.identity);
    if (this.byIdentity.get(key) === p.id) this.byIdentity = this.byIdentity.delete(key);
    if (this.hostId === p.id) this.hostId = null;
    if (this.ownerId === p.id) this.ownerId = null;
    if (this.pinned === p.id) this.pinned = null;
    if (reason !== 'replaced' && inRoom(p) && isStageRole(p.role)) this.stageDeparture = true;
    this.departed.set(p.id, { reason, notice, joinState: 'left' });
  }

  /** Everyone present is told the event ended; nothing else is derived. */
  endRoom(reason: EndReason): void {
    for (const p of this.participants.values()) {
      this.send({ to: 'participant', id: p.id }, { type: 'ended', reason });
      this.departed.set(p.id, { reason: 'left', notice: null, joinState: 'ended' });
    }
    this.ended = { at: this.now, reason };
    this.#pending.clear();
    this.#participants = PMap.empty();
    this.byIdentity = PMap.empty();
    this.hostId = null;
    this.ownerId = null;
    this.pinned = null;
    this.effect({ kind: 'room.ended', reason });
  }

  build(notable: ReadonlySet<string>): RoomState {
    return {
      ...this.base,
      mode: this.mode,
      locked: this.locked,
      waitingRoom: this.waitingRoom,
      started: this.started,
      ended: this.ended,
      pinned: this.pinned,
      seq: this.seq,
      participants: this.participants,
      byIdentity: this.byIdentity,
      hostId: this.hostId,
      ownerId: this.ownerId,
      notable,
      blocked: this.blocked,
      coHosts: this.coHosts,
      returning: this.returning,
    };
  }

  // -------------------------------------------------------------------------------------------

  finish(result: CommandResult): Decision {
    if (this.ended !== null && this.base.ended === null) {
      for (const [id, d] of this.departed) {
        this.send({ to: 'participant', id }, { type: 'join_state', state: d.joinState });
      }
      return { state: this.build(new Set()), result, events: this.events, effects: this.effects };
    }
    this.restoreHost();
    if (this.stageDeparture && isMeetingLike(this.mode)) this.promoteWaiting();
    this.normalise();
    if (this.pinned !== null) {
      const pinned = this.get(this.pinned);
      if (!pinned || !isPublic(this.mode, pinned)) this.pinned = null;
    }
    // The pinned participant left or became hidden: unpin for everyone (pin_for_all announces
    // its own changes).
    const announced = this.events.some((e) => e.message.type === 'pinned');
    if (this.pinned === null && this.base.pinned !== null && !announced) {
      this.send({ to: 'everyone' }, { type: 'pinned', participant_id: null, by: null });
    }

    const notable = this.nextNotable();
    const state = this.build(notable);
    this.deriveMessages(state);
    return { state, result, events: this.events, effects: this.effects };
  }

  /** The owner takes the host role back when the current host is gone. */
  private restoreHost(): void {
    if (this.hostId !== null || this.ownerId === null) return;
    const owner = this.get(this.ownerId);
    if (!owner || !inRoom(owner)) return;
    this.update(owner, { role: 'host', invisible: false, interpreterChannel: null });
    this.hostId = owner.id;
  }

  /** decisions.md: a presenter leaves a meeting → the longest-waiting participant is promoted. */
  promoteWaiting(): void {
    const candidates = participantsInOrder(this.participants)
      .filter((p) => p.status === 'connected' && isAttendeeRole(p.role) && !p.recorder)
      .sort((a, b) => a.waitingSince - b.waitingSince || a.seq - b.seq);
    for (const p of candidates) {
      if (!this.stageSlotFree()) break;
      this.update(p, {
        role: p.ticketRole === 'speaker' ? 'speaker' : 'presenter',
        grants: { audio: false, video: false },
        asked: { audio: false, video: false },
      });
    }
  }

  private normalise(): void {
    for (const id of this.touched) {
      const p = this.get(id);
      if (!p) continue;
      const rights = publishRightsIn(this.mode, p);
      const media = {
        audio: p.media.audio && rights.audio && p.devices.mic,
        video: p.media.video && rights.video && p.devices.camera,
        screen: p.media.screen && rights.screen,
      };
      let next = p;
      if (!sameRights(media, p.media)) next = { ...next, media };
      const handBlocked =
        !inRoom(p) || p.invisible || p.interpreterChannel !== null || p.role === 'host';
      if (p.handRaisedAt !== null && handBlocked) {
        next = { ...next, handRaisedAt: null };
        this.send({ to: 'everyone' }, { type: 'hand_lowered', participant_id: p.id, by: null });
      }
      if (next !== p) this.put(next);
    }
  }

  private nextNotable(): ReadonlySet<string> {
    let notable: Set<string> | null = null;
    const ids = [...this.touched, ...this.departed.keys()];
    for (const id of ids) {
      const p = this.get(id);
      const should = p !== undefined && inRoom(p) && !isAttendeeRole(p.role);
      const has = (notable ?? this.base.notable).has(id);
      if (should === has) continue;
      notable ??= new Set(this.base.notable);
      if (should) notable.add(id);
      else notable.delete(id);
    }
    return notable ?? this.base.notable;
  }

  private deriveMessages(state: RoomState): void {
    const beforeMode = this.base.mode;
    const waitingAdded: WaitingEntry[] = [];
    const waitingRemoved: string[] = [];

    for (const [id, departure] of this.departed) {
      const before = this.base.participants.get(id);
      if (before) {
        this.roster(id, before, undefined, beforeMode, departure.reason);
        if (inWaitingRoom(before)) waitingRemoved.push(id);
        if (inRoom(before)) this.effect({ kind: 'media.close', participantId: id });
      }
      const to: Audience = { to: 'participant', id };
      if (departure.notice) this.send(to, { type: 'removed', reason: departure.notice });
      this.send(to, { type: 'join_state', state: departure.joinState });
    }

    for (const id of this.touched) {
      if (this.departed.has(id)) continue;
      const after = state.participants.get(id);
      if (!after) continue;
      const before = this.base.participants.get(id);
      const to: Audience = { to: 'participant', id };

      // The participant's own view of their situation.
      const welcomed =
        after.status === 'connected' && (before?.status !== 'connected' || this.rewelcome.has(id));
      if (welcomed) {
        this.send(to, {
          type: 'welcome',
          session_id: after.sessionId,
          participant: participantView(state.mode, after),
          room: snapshotFor(state, id),
        });
      } else if (
        (after.status === 'waiting_for_host' || after.status === 'in_waiting_room') &&
        (before?.status !== after.status || this.rewelcome.has(id))
      ) {
        this.send(to, { type: 'join_state', state: after.status });
      } else if (before && inRoom(before) && inRoom(after)) {
        const wasModerator = isModerator(before);
        if (wasModerator !== isModerator(after) && after.status === 'connected') {
          // What they may see changed: the whole picture once, not a trickle of upserts.
          this.send(to, { type: 'snapshot', room: snapshotFor(state, id) });
        } else {
          const changes = viewChanges(
            participantView(beforeMode, before),
            participantView(state.mode, after),
          );
          if (Object.keys(changes).length > 0) {
            this.send(to, { type: 'participant_updated', participant_id: id, changes });
          }
        }
      }

      this.roster(id, before, after, beforeMode, 'left');

      const wasListed = before !== undefined && inWaitingRoom(before);
      const isListed = inWaitingRoom(after);
      if (!wasListed && isListed) waitingAdded.push(waitingEntry(after));
      if (wasListed && !isListed) waitingRemoved.push(id);

      const rightsBefore = before ? publishRightsIn(beforeMode, before) : undefined;
      const rightsAfter = publishRightsIn(state.mode, after);
      if (rightsBefore ? !sameRights(rightsBefore, rightsAfter) : inRoom(after)) {
        this.effect({ kind: 'media.permissions', participantId: id, publish: rightsAfter });
      }
    }

    if (waitingAdded.length > 0 || waitingRemoved.length > 0) {
      this.send(
        { to: 'moderators' },
        { type: 'waiting_list_updated', added: waitingAdded, removed: waitingRemoved },
      );
    }
  }

  /**
   * Roster messages about one participant for everyone else. Hosts and co-hosts see everyone in
   * the room; the rest see who is public (isPublic). Each group hears a join, a leave or a diff
   * depending on what it could see before and after.
   */
  private roster(
    id: string,
    before: Participant | undefined,
    after: Participant | undefined,
    beforeMode: RoomMode,
    leaveReason: LeaveReason,
  ): void {
    const afterMode = this.mode;
    const group = (was: boolean, is: boolean): ServerEvent | null => {
      if (!was && is && after) {
        return { type: 'participant_joined', participant: participantView(afterMode, after) };
      }
      if (was && !is) {
        return {
          type: 'participant_left',
          participant_id: id,
          reason: after ? 'hidden' : leaveReason,
        };
      }
      if (was && is && before && after) {
        const changes = viewChanges(
          participantView(beforeMode, before),
          participantView(afterMode, after),
        );
        return Object.keys(changes).length > 0
          ? { type: 'participant_updated', participant_id: id, changes }
          : null;
      }
      return null;
    };
    // The recorder is listed to nobody, moderators included.
    const forModerators = group(
      before !== undefined && inRoom(before) && !before.recorder,
      after !== undefined && inRoom(after) && !after.recorder,
    );
    const forAudience = group(
      before !== undefined && isPublic(beforeMode, before),
      after !== undefined && isPublic(afterMode, after),
    );
    if (forModerators && forAudience && forModerators.type === forAudience.type) {
      this.send({ to: 'everyone', except: id }, forModerators);
      return;
    }
    if (forModerators) this.send({ to: 'moderators', except: id }, forModerators);
    if (forAudience) this.send({ to: 'audience', except: id }, forAudience);
  }
}
