import { describe, expect, it } from 'vitest';
import type { ChatMessageView, ParticipantView, RoomSnapshot, ServerEvent } from '@podium/protocol';
import {
  CHAT_KEEP,
  effectivePin,
  INITIAL_ROOM,
  reduceRoom,
  selfOf,
  type RoomInput,
  type RoomState,
} from './roomState.ts';
import { participantActions, roomControls } from './permissions.ts';

const person = (id: string, over: Partial<ParticipantView> = {}): ParticipantView => ({
  id,
  name: id.toUpperCase(),
  role: 'participant',
  guest: false,
  state: 'connected',
  audio: false,
  video: false,
  screen: false,
  hand_raised_at: null,
  invisible: false,
  interpreter_channel: null,
  can_publish: { audio: false, video: false, screen: false },
  ...over,
});

const snapshot = (over: Partial<RoomSnapshot> = {}): RoomSnapshot => ({
  mode: 'meeting',
  locked: false,
  waiting_room: false,
  pinned: null,
  participants: [],
  waiting: [],
  ...over,
});

const run = (inputs: RoomInput[], start: RoomState = INITIAL_ROOM) =>
  inputs.reduce(reduceRoom, start);

const me = person('me', { role: 'host' });
const welcome = (room: Partial<RoomSnapshot> = {}): ServerEvent => ({
  type: 'welcome',
  session_id: 's1',
  participant: me,
  room: snapshot({ participants: [me, person('a')], ...room }),
});

const chat = (id: string, from = 'a', at = Number(id)): ChatMessageView => ({
  id,
  from,
  from_name: from,
  to: 'everyone',
  text: `message ${id}`,
  file: null,
  at,
});

describe('room reducer', () => {
  it('welcome takes the snapshot and connects', () => {
    const state = run([
      welcome({ locked: true, waiting_room: true, pinned: 'a', mode: 'conference' }),
    ]);
    expect(state.joinState).toBe('connected');
    expect(state.selfId).toBe('me');
    expect(state.sessionId).toBe('s1');
    expect(selfOf(state)?.role).toBe('host');
    expect(state.order).toEqual(['me', 'a']);
    expect(state).toMatchObject({
      locked: true,
      waitingRoom: true,
      pinnedForAll: 'a',
      mode: 'conference',
    });
  });

  it('never mutates the previous state', () => {
    const before = run([welcome()]);
    const frozen = JSON.stringify(before);
    run(
      [
        { type: 'participant_joined', participant: person('b') },
        { type: 'participant_left', participant_id: 'a', reason: 'left' },
      ],
      before,
    );
    expect(JSON.stringify(before)).toBe(frozen);
  });

  it('participant_joined is insert-or-replace and keeps the arrival order', () => {
    const state = run([
      welcome(),
      { type: 'participant_joined', participant: person('b') },
      { type: 'participant_joined', participant: person('a', { name: 'Renamed', video: true }) },
    ]);
    expect(state.order).toEqual(['me', 'a', 'b']);
    expect(state.participants.a).toMatchObject({ name: 'Renamed', video: true });
    expect(Object.keys(state.participants)).toHaveLength(3);
  });

  it('participant_updated merges changes; unknown ids are ignored', () => {
    const base = run([welcome()]);
    const state = run(
      [
        {
          type: 'participant_updated',
          participant_id: 'a',
          changes: { audio: true, role: 'presenter' },
        },
        { type: 'participant_updated', participant_id: 'ghost', changes: { audio: true } },
      ],
      base,
    );
    expect(state.participants.a).toMatchObject({ audio: true, role: 'presenter', name: 'A' });
    expect(state.participants.ghost).toBeUndefined();
  });

  it('participant_left removes the person, their hand, pins and feeds', () => {
    const state = run([
      welcome({ pinned: 'a' }),
      { type: 'local/pin', participantId: 'a' },
      { type: 'hand_raised', participant_id: 'a', name: 'A', at: 5 },
      {
        type: 'feeds',
        added: [
          {
            feed_id: 'f1',
            participant_id: 'a',
            name: 'A',
            source: 'camera',
            channel: null,
            audio: true,
            video: true,
            simulcast: true,
          },
        ],
        removed: [],
      },
      { type: 'participant_left', participant_id: 'a', reason: 'removed' },
    ]);
    expect(state.participants.a).toBeUndefined();
    expect(state.order).toEqual(['me']);
    expect(state.hands).toEqual([]);
    expect(state.localPin).toBeNull();
    expect(state.pinnedForAll).toBeNull();
    expect(state.feeds).toEqual({});
    expect(effectivePin(state)).toBeNull();
  });

  it('room_updated changes only the flags it carries', () => {
    const state = run([
      welcome({ locked: true }),
      { type: 'room_updated', changes: { waiting_room: true } },
    ]);
    expect(state.locked).toBe(true);
    expect(state.waitingRoom).toBe(true);
    expect(run([{ type: 'room_updated', changes: { locked: false } }], state).locked).toBe(false);
  });

  it('keeps the waiting list in arrival order through diffs', () => {
    const w = (id: string, since: number) => ({ participant_id: id, name: id, guest: true, since });
    const state = run([
      welcome({ waiting: [w('x', 2)] }),
      { type: 'waiting_list_updated', added: [w('y', 3), w('w', 1)], removed: [] },
      { type: 'waiting_list_updated', added: [], removed: ['x'] },
      { type: 'waiting_list_updated', added: [w('y', 3)], removed: [] },
    ]);
    expect(state.waiting.map((e) => e.participant_id)).toEqual(['w', 'y']);
    // Admitted: they show up in the room and leave the list.
    const admitted = run([{ type: 'participant_joined', participant: person('w') }], state);
    expect(admitted.waiting.map((e) => e.participant_id)).toEqual(['y']);
  });

  it('orders hands by time, including people the viewer cannot see', () => {
    const state = run([
      welcome({ participants: [me, person('a', { hand_raised_at: 20 })] }),
      { type: 'hand_raised', participant_id: 'audience-1', name: 'Zed', at: 10 },
      { type: 'hand_raised', participant_id: 'me', name: 'ME', at: 30 },
    ]);
    expect(state.hands.map((h) => h.participantId)).toEqual(['audience-1', 'a', 'me']);
    expect(state.participants.me?.hand_raised_at).toBe(30);
    const lowered = run([{ type: 'hand_lowered', participant_id: 'a', by: 'me' }], state);
    expect(lowered.hands.map((h) => h.participantId)).toEqual(['audience-1', 'me']);
    expect(lowered.participants.a?.hand_raised_at).toBeNull();
    // A snapshot keeps the hands of unseen people and re-reads the visible ones.
    const snap = run(
      [{ type: 'snapshot', room: snapshot({ participants: [me, person('a')] }) }],
      lowered,
    );
    expect(snap.hands.map((h) => h.participantId)).toEqual(['audience-1']);
  });

  it('a hand going up through participant_updated shows in the hands list', () => {
    const state = run([
      welcome(),
      { type: 'participant_updated', participant_id: 'a', changes: { hand_raised_at: 7 } },
    ]);
    expect(state.hands).toEqual([{ participantId: 'a', name: 'A', at: 7 }]);
  });

  it('counts unread messages while the chat is closed, not my own, without duplicates', () => {
    const state = run([
      welcome(),
      { type: 'chat_message', message: chat('1') },
      { type: 'chat_message', message: chat('1') },
      { type: 'chat_message', message: chat('2', 'me') },
    ]);
    expect(state.chat.map((m) => m.id)).toEqual(['1', '2']);
    expect(state.unread).toBe(1);
    const open = run(
      [
        { type: 'local/chat_open', open: true },
        { type: 'chat_message', message: chat('3') },
      ],
      state,
    );
    expect(open.unread).toBe(0);
  });

  it('chat history replaces the chat, keeping newer messages that raced ahead', () => {
    const state = run([
      welcome(),
      { type: 'chat_message', message: chat('9', 'a', 900) },
      { type: 'chat_history', messages: [chat('1', 'a', 100), chat('2', 'a', 200)] },
    ]);
    expect(state.chat.map((m) => m.id)).toEqual(['1', '2', '9']);
    expect(run([{ type: 'chat_cleared', by: 'me' }], state).chat).toEqual([]);
  });

  it(`keeps the newest ${CHAT_KEEP} messages`, () => {
    let state = run([welcome()]);
    for (let i = 0; i < CHAT_KEEP + 5; i++)
      state = reduceRoom(state, { type: 'chat_message', message: chat(String(i)) });
    expect(state.chat).toHaveLength(CHAT_KEEP);
    expect(state.chat[0]?.id).toBe('5');
  });

  it('queues one ask per kind until it is answered', () => {
    const state = run([
      welcome(),
      { type: 'asked_to_enable', kind: 'audio', by: 'h' },
      { type: 'asked_to_enable', kind: 'audio', by: 'h2' },
      { type: 'asked_to_enable', kind: 'video', by: 'h' },
    ]);
    expect(state.asks).toEqual([
      { kind: 'audio', by: 'h2' },
      { kind: 'video', by: 'h' },
    ]);
    expect(run([{ type: 'local/ask_done', kind: 'audio' }], state).asks).toEqual([
      { kind: 'video', by: 'h' },
    ]);
  });

  it('a pin for everyone switches to the pin layout; the viewer’s own pin wins', () => {
    const pinned = run([welcome(), { type: 'pinned', participant_id: 'a', by: 'me' }]);
    expect(pinned.layout).toBe('pin');
    expect(effectivePin(pinned)).toBe('a');
    const mine = run([{ type: 'local/pin', participantId: 'me' }], pinned);
    expect(effectivePin(mine)).toBe('me');
    const unpinned = run([{ type: 'pinned', participant_id: null, by: 'me' }], pinned);
    expect(unpinned.layout).toBe('gallery');
    expect(run([{ type: 'pinned', participant_id: null, by: 'me' }], mine).layout).toBe('pin');
  });

  it('ended and removed end the visit', () => {
    expect(run([welcome(), { type: 'ended', reason: 'host_ended' }])).toMatchObject({
      joinState: 'ended',
      ended: 'host_ended',
    });
    expect(run([welcome(), { type: 'removed', reason: 'blocked' }])).toMatchObject({
      joinState: 'left',
      removed: 'blocked',
    });
  });

  it('join states and the connection come through', () => {
    expect(run([{ type: 'join_state', state: 'in_waiting_room' }]).joinState).toBe(
      'in_waiting_room',
    );
    expect(run([{ type: 'local/join_state', state: 'locked' }]).joinState).toBe('locked');
    expect(run([{ type: 'local/connection', state: 'reconnecting' }]).connection).toBe(
      'reconnecting',
    );
  });

  it('feeds are added and removed by id; media messages leave the room alone', () => {
    const feed = {
      feed_id: 'f',
      participant_id: 'a',
      name: 'A',
      source: 'screen' as const,
      channel: null,
      audio: false,
      video: true,
      simulcast: false,
    };
    const state = run([welcome(), { type: 'feeds', added: [feed], removed: [] }]);
    expect(state.feeds.f).toEqual(feed);
    expect(run([{ type: 'feeds', added: [], removed: ['f'] }], state).feeds).toEqual({});
    expect(reduceRoom(state, { type: 'offer', target: 'subscriber', sdp: 'v=0' })).toBe(state);
  });
});

describe('controls offered by role', () => {
  it('only hosts end the event or change co-hosts; co-hosts moderate', () => {
    expect(roomControls('host')).toMatchObject({ endForAll: true, lock: true, muteAll: true });
    expect(roomControls('co-host')).toMatchObject({ endForAll: false, lock: true, admit: true });
    expect(roomControls('participant')).toMatchObject({ lock: false, exportParticipants: false });
  });

  it('per-person actions follow the decisions', () => {
    const host = person('h', { role: 'host' });
    const cohost = person('c', { role: 'co-host' });
    const guest = person('g', { guest: true, role: 'guest', hand_raised_at: 1 });
    expect(participantActions(host, guest)).toMatchObject({
      makeCoHost: false, // guests cannot become co-hosts
      makePresenter: true,
      lowerHand: true,
      remove: true,
    });
    expect(participantActions(host, cohost)).toMatchObject({
      removeCoHost: true,
      makeCoHost: false,
    });
    expect(participantActions(cohost, host)).toMatchObject({
      remove: false,
      block: false,
      removeCoHost: false,
    });
    expect(participantActions(person('p'), guest)).toMatchObject({
      remove: false,
      pinForAll: false,
    });
    expect(participantActions(host, host)).toMatchObject({ remove: false, askAudio: false });
  });
});
