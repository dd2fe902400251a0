import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverMessage, type RoomMode } from '@podium/protocol';
import { decide } from './room-machine.ts';
import {
  isAttendeeRole,
  isMeetingLike,
  isStageRole,
  ROOM_MODES,
  type TicketRole,
} from './roles.ts';
import {
  capacityOf,
  createRoom,
  identityKey,
  inRoom,
  isPublic,
  peopleCount,
  publishRightsIn,
  RECORDER_IDENTITY,
  type Identity,
  type RoomState,
} from './state.ts';
import type { RoomCommand } from './types.ts';
import { Audiences } from './audiences.ts';
import { resolveAudience, snapshotFor, type Audience } from './views.ts';
import type { RequestInput } from './test-support.ts';
import { parseClientMessage, type RoomRequest } from '@podium/protocol';

/** The people who may try to join: the owner, accounts, guests, a speaker, and the recorder. */
const PEOPLE: readonly {
  who: string;
  identity: Identity;
  ticket: TicketRole;
  recorder?: boolean;
}[] = [
  { who: 'owner', identity: { kind: 'account', accountId: 'owner' }, ticket: 'host' },
  ...Array.from({ length: 9 }, (_, i) => ({
    who: `a${i}`,
    identity: { kind: 'account' as const, accountId: `a${i}` },
    ticket: 'participant' as const,
  })),
  ...Array.from({ length: 4 }, (_, i) => ({
    who: `g${i}`,
    identity: { kind: 'guest' as const, guestId: `g${i}` },
    ticket: 'guest' as const,
  })),
  { who: 'spk', identity: { kind: 'account', accountId: 'spk' }, ticket: 'speaker' },
  { who: 'rec', identity: RECORDER_IDENTITY, ticket: 'guest', recorder: true },
];

/** A participant reference resolved at run time against the ids created so far. */
const ref = fc.nat({ max: 99 });

type Build = (target: (n: number) => string) => RequestInput;
const simple =
  (request: RequestInput): Build =>
  () =>
    request;
const kindArb = fc.constantFrom<'audio' | 'video'>('audio', 'video');

/** Every room request, with targets resolved at run time. */
const requestArb: fc.Arbitrary<Build> = fc.oneof(
  // Rare, or every sequence would end early.
  {
    arbitrary: fc
      .nat({ max: 9 })
      .map((n) => simple(n === 0 ? { type: 'end_for_all' } : { type: 'raise_hand' })),
    weight: 1,
  },
  ...(
    [
      'leave',
      'lock',
      'unlock',
      'stop_all_cameras',
      'raise_hand',
      'lower_hand',
      'go_invisible',
      'go_visible',
    ] as const
  ).map((type) => fc.constant(simple({ type }))),
  fc.constant(simple({ type: 'admit', all: true })),
  fc.constant(simple({ type: 'deny', all: true })),
  fc.constant(simple({ type: 'pin_for_all', participant_id: null })),
  fc.boolean().map((enabled) => simple({ type: 'waiting_room', enabled })),
  fc
    .constantFrom('gallery', 'center', 'pin' as const)
    .map((layout) => simple({ type: 'mute_all', layout })),
  fc.constantFrom(...ROOM_MODES).map((mode) => simple({ type: 'set_mode', mode })),
  ...(
    [
      'admit',
      'deny',
      'remove',
      'block',
      'lower_hand',
      'go_invisible',
      'go_visible',
      'pin_for_all',
    ] as const
  ).map((type) => ref.map((n): Build => (t) => ({ type, participant_id: t(n) }))),
  fc
    .tuple(kindArb, ref)
    .map(([kind, n]): Build => (t) => ({ type: 'ask_enable', kind, participant_id: t(n) })),
  fc
    .tuple(kindArb, fc.constantFrom('accepted', 'later' as const))
    .map(([kind, response]) => simple({ type: 'ask_response', kind, response })),
  ...(['host', 'co-host', 'presenter', 'presenter', 'co-host'] as const).map((role) =>
    fc.tuple(fc.boolean(), ref).map(([granted, n]): Build => (t) => ({
      type: 'set_role',
      participant_id: t(n),
      role,
      granted: role === 'host' ? true : granted,
    })),
  ),
  fc
    .tuple(fc.constantFrom('English', 'Tiếng Việt', null), ref)
    .map(([channel, n]): Build => (t) => ({
      type: 'set_interpreter',
      participant_id: t(n),
      channel,
    })),
  fc
    .tuple(fc.boolean(), ref)
    .map(([all, n]): Build => (t) => ({ type: 'chat', to: all ? 'everyone' : t(n), text: 'hi' })),
  fc
    .tuple(fc.boolean(), fc.boolean(), fc.boolean(), fc.option(fc.boolean(), { nil: undefined }))
    .map(([audio, video, screen, has_mic]) =>
      simple({ type: 'set_media_state', audio, video, screen, has_mic }),
    ),
);

type Step =
  | { kind: 'join'; person: number; hasMic: boolean }
  | { kind: 'request'; by: number; build: Build }
  | { kind: 'disconnect'; p: number }
  | { kind: 'resume'; p: number }
  | { kind: 'tick'; advance: number }
  | { kind: 'end' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('join' as const),
      person: fc.nat({ max: PEOPLE.length - 1 }),
      hasMic: fc.boolean(),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant('request' as const), by: ref, build: requestArb }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('disconnect' as const), p: ref }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resume' as const), p: ref }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      advance: fc.nat({ max: 20_000 }),
    }),
  },
  // Ending is rare so most sequences run long after it could have happened.
  {
    weight: 1,
    arbitrary: fc
      .nat({ max: 19 })
      .map((n): Step => (n === 0 ? { kind: 'end' } : { kind: 'tick', advance: n })),
  },
);

const roomArb = fc.record({
  mode: fc.constantFrom<RoomMode>(...ROOM_MODES),
  waitForHost: fc.boolean(),
  waitingRoom: fc.boolean(),
  locked: fc.constantFrom(false, false, false, true),
  ownerFirst: fc.constantFrom(true, true, true, false),
  conferenceMax: fc.integer({ min: 2, max: 14 }),
  graceMs: fc.integer({ min: 1, max: 30_000 }),
});

function checkInvariants(state: RoomState): void {
  const present = [...state.participants.values()];
  const inside = present.filter(inRoom);
  // Capacity (the recorder is nobody).
  expect(peopleCount(state)).toBeLessThanOrEqual(capacityOf(state.mode, state.limits));
  // The recorder: never in an endtoend room, never on the stage, sends nothing, seen by no one.
  const recorders = present.filter((p) => p.recorder);
  expect(recorders.length).toBeLessThanOrEqual(1);
  for (const r of recorders) {
    expect(state.mode).not.toBe('endtoend');
    expect(r.role).toBe('guest');
    expect(r.media).toEqual({ audio: false, video: false, screen: false });
    expect(r.handRaisedAt).toBeNull();
    expect(state.notable.has(r.id)).toBe(false);
    for (const viewer of present) {
      if (viewer.id === r.id) continue;
      const seen = snapshotFor(state, viewer.id);
      expect(seen.participants.some((v) => v.id === r.id)).toBe(false);
    }
  }
  // Presenter slots of a meeting.
  if (isMeetingLike(state.mode)) {
    expect(inside.filter((p) => isStageRole(p.role)).length).toBeLessThanOrEqual(
      state.limits.meetingPresenters,
    );
  }
  // One host at most, the one hostId names; the owner in the room means a host in the room.
  const hosts = present.filter((p) => p.role === 'host');
  expect(hosts.length).toBeLessThanOrEqual(1);
  expect(hosts[0]?.id ?? null).toBe(state.hostId);
  const owner = state.ownerId === null ? undefined : state.participants.get(state.ownerId);
  if (owner && inRoom(owner)) expect(state.hostId).not.toBeNull();
  // Nobody outside the room holds a role.
  for (const p of present) if (!inRoom(p)) expect(isAttendeeRole(p.role)).toBe(true);
  // Indexes agree with the roster.
  expect(state.byIdentity.size).toBe(present.length);
  for (const p of present) expect(state.byIdentity.get(identityKey(p.identity))).toBe(p.id);
  expect([...state.notable].sort()).toEqual(
    inside
      .filter((p) => !isAttendeeRole(p.role))
      .map((p) => p.id)
      .sort(),
  );
  // Nobody sends what they may not, and no hand is up where it cannot be.
  for (const p of present) {
    const rights = publishRightsIn(state.mode, p);
    if (p.media.audio) expect(rights.audio && p.devices.mic).toBe(true);
    if (p.media.video) expect(rights.video && p.devices.camera).toBe(true);
    if (p.media.screen) expect(rights.screen).toBe(true);
    if (p.handRaisedAt !== null) {
      expect(p.invisible || p.interpreterChannel !== null || p.role === 'host').toBe(false);
    }
  }
  if (state.pinned !== null) {
    const pinned = state.participants.get(state.pinned);
    expect(pinned && isPublic(state.mode, pinned)).toBe(true);
  }
  if (state.ended) expect(present).toHaveLength(0);
  for (const id of state.blocked) expect(state.byIdentity.has(id)).toBe(false);
}

/** The maintained audience sets name the same people as `resolveAudience` walking the room. */
function checkAudiences(state: RoomState, audiences: Audiences): void {
  const someone = [...state.participants.keys()].sort()[0];
  const kinds: Audience[] = [];
  for (const except of [undefined, someone]) {
    for (const to of ['everyone', 'moderators', 'audience'] as const) {
      kinds.push(except === undefined ? { to } : { to, except });
    }
  }
  for (const audience of kinds) {
    const maintained: string[] = [];
    audiences.forEach(audience, (id) => maintained.push(id));
    expect(maintained.sort(), JSON.stringify(audience)).toEqual(
      resolveAudience(state, audience).sort(),
    );
  }
}

function fingerprint(state: RoomState): string {
  return JSON.stringify({
    ...state,
    participants: [...state.participants],
    byIdentity: [...state.byIdentity],
    notable: [...state.notable],
    blocked: [...state.blocked],
    coHosts: [...state.coHosts],
  });
}

type Room = typeof roomArb extends fc.Arbitrary<infer R> ? R : never;

/** Plays a sequence against the machine, checking every decision and the state after it. */
function play(room: Room, steps: readonly Step[]): void {
  let state = createRoom({
    roomId: 'r',
    mode: room.mode,
    waitForHost: room.waitForHost,
    waitingRoom: room.waitingRoom,
    locked: room.locked,
    graceMs: room.graceMs,
    limits: { conferenceMax: room.conferenceMax },
  });
  const audiences = new Audiences(state);
  let now = 0;
  let joins = 0;
  const ids: string[] = [];
  // Mostly someone present (sorted: deterministic), sometimes anyone ever seen.
  const target = (n: number): string => {
    const present = [...state.participants.keys()].sort();
    if (n < 85 && present.length > 0) return present[n % present.length] ?? 'nobody';
    return ids[n % Math.max(ids.length, 1)] ?? 'nobody';
  };
  // Requests come often from the host or a co-host, so host controls get exercised.
  const actor = (n: number): string => {
    if (n < 35 && state.hostId !== null) return state.hostId;
    const coHost = [...state.participants.values()].find((p) => p.role === 'co-host');
    if (n < 50 && coHost) return coHost.id;
    return target(n);
  };
  const all: readonly Step[] = room.ownerFirst
    ? [{ kind: 'join', person: 0, hasMic: true }, ...steps]
    : steps;

  for (const step of all) {
    now += 1;
    let command: RoomCommand;
    switch (step.kind) {
      case 'join': {
        const person = PEOPLE[step.person];
        if (!person) throw new Error('no person');
        joins += 1;
        const id = `${person.who}#${joins}`;
        ids.push(id);
        command = {
          type: 'join',
          participantId: id,
          sessionId: `s${joins}`,
          identity: person.identity,
          name: person.who,
          ticketRole: person.ticket,
          hasMic: step.hasMic,
          hasCamera: true,
          ...(person.recorder ? { recorder: true } : {}),
        };
        break;
      }
      case 'request': {
        const parsed = parseClientMessage({ ...step.build(target), id: 'x' });
        if (!parsed.ok) throw new Error(parsed.error.message);
        command = {
          type: 'request',
          by: actor(step.by),
          request: parsed.message as RoomRequest,
        };
        break;
      }
      case 'disconnect':
        command = { type: 'disconnect', participantId: target(step.p) };
        break;
      case 'resume':
        command = { type: 'resume', participantId: target(step.p), sessionId: `r${now}` };
        break;
      case 'tick':
        now += step.advance;
        command = { type: 'tick' };
        break;
      case 'end':
        command = { type: 'end', reason: 'time_over' };
        break;
    }
    const before = fingerprint(state);
    const decision = decide(state, command, now);
    expect(fingerprint(state)).toBe(before);
    if (!decision.result.ok) expect(decision.state).toBe(state);
    const recorderIds = new Set(
      [...state.participants.values(), ...decision.state.participants.values()]
        .filter((p) => p.recorder)
        .map((p) => p.id),
    );
    for (const e of decision.events) {
      const check = serverMessage.safeParse(e.message);
      expect(check.success, JSON.stringify(e.message)).toBe(true);
      // Nothing about the recorder reaches anyone but the recorder.
      const text = JSON.stringify(e.message);
      for (const id of recorderIds) {
        if (!text.includes(`"${id}"`)) continue;
        for (const to of resolveAudience(decision.state, e.to)) expect(to).toBe(id);
      }
    }
    state = decision.state;
    checkInvariants(state);
    audiences.update(state);
    checkAudiences(state, audiences);
  }
}

describe('room machine properties', () => {
  it('random command sequences never throw and keep every invariant', () => {
    fc.assert(
      fc.property(roomArb, fc.array(stepArb, { minLength: 10, maxLength: 120, size: 'max' }), play),
      { numRuns: 200 },
    );
  });

  it('meeting join storms keep to 10 people and 8 presenters', () => {
    const meetingRoom = roomArb.map((room) => ({
      ...room,
      mode: room.mode === 'endtoend' ? ('endtoend' as const) : ('meeting' as const),
      locked: false,
      waitingRoom: false,
    }));
    const stormStep: fc.Arbitrary<Step> = fc.oneof(
      { weight: 6, arbitrary: stepArb.filter((s) => s.kind === 'join') },
      { weight: 4, arbitrary: stepArb },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('request' as const),
          by: ref,
          build: fc.constant<Build>(() => ({ type: 'leave' })),
        }),
      },
    );
    fc.assert(
      fc.property(
        meetingRoom,
        fc.array(stormStep, { minLength: 20, maxLength: 80, size: 'max' }),
        play,
      ),
      { numRuns: 100 },
    );
  });
});
