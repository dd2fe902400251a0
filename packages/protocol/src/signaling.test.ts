import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGE_TYPES,
  errorMessage,
  isRoomRequest,
  parseClientFrame,
  parseClientMessage,
  parseReply,
  replySchemas,
  PROTOCOL_VERSION,
  ROOM_REQUEST_TYPES,
  serverMessage,
  SIGNALING_MAX_MESSAGE_BYTES,
  signalingMessages,
  type ClientMessageInput,
  type ClientMessageType,
} from './signaling.ts';

/** One valid example of every client message. */
const EXAMPLES: { [K in ClientMessageType]: Extract<ClientMessageInput, { type: K }> } = {
  hello: { type: 'hello', id: '1', protocol_version: PROTOCOL_VERSION, credentials: 'tok' },
  join: { type: 'join', id: '1' },
  leave: { type: 'leave', id: '1' },
  resume: { type: 'resume', id: '1', session_id: 'sess' },
  heartbeat: { type: 'heartbeat', id: '1' },
  renew_credentials: { type: 'renew_credentials', id: '1' },
  publish_offer: { type: 'publish_offer', id: '1', sdp: 'v=0' },
  unpublish: { type: 'unpublish', id: '1', source: 'screen' },
  subscribe: { type: 'subscribe', id: '1', feeds: ['f1', 'f2'] },
  receive_video: { type: 'receive_video', id: '1', feed_id: 'f1', on: false },
  receive_layer: { type: 'receive_layer', id: '1', layer: 1 },
  send_layer: { type: 'send_layer', id: '1', layer: 0 },
  answer: { type: 'answer', id: '1', sdp: 'v=0' },
  trickle: {
    type: 'trickle',
    id: '1',
    target: 'camera',
    candidate: { candidate: 'candidate:1 1 udp 1 198.18.0.2 5000 typ host', sdpMid: '0' },
  },
  ice_restart: { type: 'ice_restart', id: '1', target: 'subscriber' },
  lock: { type: 'lock', id: '1' },
  unlock: { type: 'unlock', id: '1' },
  waiting_room: { type: 'waiting_room', id: '1', enabled: true },
  admit: { type: 'admit', id: '1', all: true },
  deny: { type: 'deny', id: '1', participant_id: 'p1' },
  remove: { type: 'remove', id: '1', participant_id: 'p1' },
  block: { type: 'block', id: '1', participant_id: 'p1' },
  mute_all: { type: 'mute_all', id: '1', layout: 'center' },
  stop_all_cameras: { type: 'stop_all_cameras', id: '1' },
  ask_enable: { type: 'ask_enable', id: '1', kind: 'audio', participant_id: 'p1' },
  ask_response: { type: 'ask_response', id: '1', kind: 'video', response: 'later' },
  set_role: { type: 'set_role', id: '1', participant_id: 'p1', role: 'co-host', granted: true },
  pin_for_all: { type: 'pin_for_all', id: '1', participant_id: null },
  set_mode: { type: 'set_mode', id: '1', mode: 'conference' },
  end_for_all: { type: 'end_for_all', id: '1' },
  raise_hand: { type: 'raise_hand', id: '1' },
  lower_hand: { type: 'lower_hand', id: '1' },
  go_invisible: { type: 'go_invisible', id: '1' },
  go_visible: { type: 'go_visible', id: '1', participant_id: 'p1' },
  set_interpreter: { type: 'set_interpreter', id: '1', participant_id: 'p1', channel: 'English' },
  chat: { type: 'chat', id: '1', to: 'everyone', text: 'xin chào' },
  set_media_state: { type: 'set_media_state', id: '1', audio: false, video: true, screen: false },
  chat_passcode_reset: { type: 'chat_passcode_reset', id: '1' },
  chat_export: { type: 'chat_export', id: '1', passcode: 'K7Q2-M9XD' },
  choose_channel: { type: 'choose_channel', id: '1', channel: 'Tiếng Việt' },
  e2ee_announce: { type: 'e2ee_announce', id: '1', public_key: 'B'.repeat(87) },
  e2ee_seal: { type: 'e2ee_seal', id: '1', to: 'p1', sealed: 'A'.repeat(86) },
  audience_start: { type: 'audience_start', id: '1' },
  audience_stop: { type: 'audience_stop', id: '1' },
  audience_chat: { type: 'audience_chat', id: '1', text: 'Hello from the stage' },
  recording_start: { type: 'recording_start', id: '1' },
  recording_pause: { type: 'recording_pause', id: '1' },
  recording_resume: { type: 'recording_resume', id: '1' },
  recording_stop: { type: 'recording_stop', id: '1' },
  stream_start: {
    type: 'stream_start',
    id: '1',
    destinations: [
      { server_id: 's1' },
      { name: 'YouTube', url: 'rtmp://a.rtmp.youtube.com/live2', key: 'abcd-efgh-ijkl-mnop' },
    ],
  },
  stream_stop: { type: 'stream_stop', id: '1' },
  video_share: { type: 'video_share', id: '1', url: 'https://youtu.be/dQw4w9WgXcQ' },
  video_control: { type: 'video_control', id: '1', playing: true, position: 12.5 },
  video_stop: { type: 'video_stop', id: '1' },
  camera_share_start: {
    type: 'camera_share_start',
    id: '1',
    source: 'camera_share_1',
    name: 'Document camera',
  },
  camera_share_stop: { type: 'camera_share_stop', id: '1', source: 'camera_share_1' },
  whiteboard_open: { type: 'whiteboard_open', id: '1' },
  whiteboard_close: { type: 'whiteboard_close', id: '1' },
  whiteboard_editors: { type: 'whiteboard_editors', id: '1', editors: 'everyone' },
  whiteboard_update: {
    type: 'whiteboard_update',
    id: '1',
    elements: [
      {
        id: 'e1',
        type: 'rectangle',
        version: 1,
        versionNonce: 7,
        isDeleted: false,
        x: 0,
        y: 0,
        width: 10,
        height: 10,
      },
    ],
  },
  studio_set: { type: 'studio_set', id: '1', studio: { layout: 2 } },
  breakout_open: { type: 'breakout_open', id: '1', count: 2, assign: 'auto' },
  breakout_assign: { type: 'breakout_assign', id: '1', participant_id: 'p1', room_id: 'b1' },
  breakout_join: { type: 'breakout_join', id: '1', room_id: null },
  breakout_broadcast: { type: 'breakout_broadcast', id: '1', text: 'Five minutes left' },
  breakout_help: { type: 'breakout_help', id: '1' },
  breakout_close: { type: 'breakout_close', id: '1' },
};

const bad = (value: unknown) => {
  const result = parseClientMessage(value);
  expect(result.ok).toBe(false);
  return result.ok ? null : result.error;
};

describe('client messages', () => {
  it('accepts a valid example of every type', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...CLIENT_MESSAGE_TYPES].sort());
    for (const example of Object.values(EXAMPLES)) {
      const result = parseClientMessage(example);
      expect(result.ok, example.type).toBe(true);
      expect(parseClientMessage({ ...example, v: PROTOCOL_VERSION }).ok).toBe(true);
    }
  });

  it('applies defaults and drops fields nobody defined', () => {
    const result = parseClientMessage({ type: 'join', id: 'a', role: 'host', ticket_role: 'host' });
    if (!result.ok) throw new Error('join refused');
    expect(result.message).toEqual({ type: 'join', id: 'a', has_mic: true, has_camera: true });
  });

  it('knows which requests act on the room', () => {
    const parsed = parseClientMessage(EXAMPLES.lock);
    const media = parseClientMessage(EXAMPLES.publish_offer);
    if (!parsed.ok || !media.ok) throw new Error('refused');
    expect(isRoomRequest(parsed.message)).toBe(true);
    expect(isRoomRequest(media.message)).toBe(false);
    for (const type of ROOM_REQUEST_TYPES) expect(CLIENT_MESSAGE_TYPES).toContain(type);
  });

  it('answers a bad message with bad_message and the id when it can read one', () => {
    expect(bad({ type: 'nope', id: 'abc' })).toEqual({
      code: 'bad_message',
      key: 'errors.bad_message',
      message: expect.stringContaining('The message is not valid'),
      id: 'abc',
    });
    expect(bad({ type: 'lock' })?.id).toBe(null);
    expect(bad({ type: 'lock', id: 'x'.repeat(65) })?.id).toBe(null);
    expect(bad({ type: 'lock', id: 'x', v: 2 })?.code).toBe('bad_message');
  });

  it('enforces the limits', () => {
    expect(parseClientMessage({ ...EXAMPLES.chat, text: 'a'.repeat(4000) }).ok).toBe(true);
    bad({ ...EXAMPLES.chat, text: 'a'.repeat(4001) });
    bad({ ...EXAMPLES.chat, text: '   ' });
    expect(
      parseClientMessage({
        ...EXAMPLES.chat,
        text: '',
        file: { id: 'f', name: 'a.pdf', size: 10, mime: 'application/pdf' },
      }).ok,
    ).toBe(true);
    bad({ ...EXAMPLES.remove, participant_id: 'p'.repeat(65) });
    bad({ ...EXAMPLES.subscribe, feeds: Array.from({ length: 101 }, (_, i) => `f${i}`) });
    bad({ ...EXAMPLES.set_interpreter, channel: 'x'.repeat(33) });
    // A simulcast layer is 0, 1 or 2.
    bad({ ...EXAMPLES.receive_layer, layer: 3 });
    bad({ ...EXAMPLES.receive_layer, layer: 1.5 });
    bad({ ...EXAMPLES.send_layer, layer: -1 });
    bad({ ...EXAMPLES.send_layer, layer: '0' });
  });

  it('needs exactly one of the alternatives', () => {
    bad({ type: 'admit', id: '1' });
    bad({ type: 'admit', id: '1', all: true, participant_id: 'p' });
    bad({ type: 'trickle', id: '1', target: 'camera' });
    bad({
      type: 'trickle',
      id: '1',
      target: 'camera',
      completed: true,
      candidate: { candidate: '' },
    });
    expect(
      parseClientMessage({ type: 'trickle', id: '1', target: 'camera', completed: true }).ok,
    ).toBe(true);
    bad({ type: 'set_role', id: '1', participant_id: 'p', role: 'host', granted: false });
    bad({ type: 'set_role', id: '1', participant_id: 'p', role: 'participant', granted: true });
  });

  it('never throws on random JSON, and answers bad_message', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = parseClientMessage(value);
        if (!result.ok) expect(result.error.code).toBe('bad_message');
        else expect(CLIENT_MESSAGE_TYPES).toContain(result.message.type);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on mutated valid messages', () => {
    const examples = Object.values(EXAMPLES);
    const mutation = fc.record({
      example: fc.nat({ max: examples.length - 1 }),
      key: fc.constantFrom('id', 'type', 'v', 'participant_id', 'text', 'sdp', 'all', 'feeds', 'x'),
      value: fc.jsonValue(),
    });
    fc.assert(
      fc.property(mutation, ({ example, key, value }) => {
        const message = { ...examples[example], [key]: value };
        const result = parseClientMessage(message);
        if (!result.ok) expect(result.error.code).toBe('bad_message');
        else expect(parseClientMessage(result.message).ok).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('frames', () => {
  it('parses text frames', () => {
    const result = parseClientFrame(JSON.stringify(EXAMPLES.heartbeat));
    expect(result.ok).toBe(true);
    const broken = parseClientFrame('{"type":');
    expect(broken.ok ? null : broken.error.code).toBe('bad_message');
  });

  it('refuses frames above the cap before parsing them', () => {
    const big = JSON.stringify({ ...EXAMPLES.chat, text: 'a'.repeat(SIGNALING_MAX_MESSAGE_BYTES) });
    const result = parseClientFrame(big);
    expect(result.ok ? null : result.error.code).toBe('message_too_large');
    // Multi-byte text counts in bytes: 30,000 "ệ" are 90,000 bytes.
    const wide = parseClientFrame(JSON.stringify({ ...EXAMPLES.chat, text: 'ệ'.repeat(30_000) }));
    expect(wide.ok ? null : wide.error.code).toBe('message_too_large');
  });

  it('never throws on random text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const result = parseClientFrame(text);
        if (!result.ok) expect(['bad_message', 'message_too_large']).toContain(result.error.code);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('server messages', () => {
  it('builds error answers carrying code and i18n key', () => {
    const message = errorMessage('7', { code: 'room_full', key: 'room.full' });
    expect(message).toEqual({
      type: 'error',
      id: '7',
      code: 'room_full',
      key: 'room.full',
      message: 'Room is Full',
    });
    expect(serverMessage.safeParse(message).success).toBe(true);
  });

  it('has English and Vietnamese text for every key', () => {
    const en = Object.keys(signalingMessages.en).sort();
    expect(Object.keys(signalingMessages.vi).sort()).toEqual(en);
    for (const key of en) {
      const k = key as keyof typeof signalingMessages.en;
      expect(signalingMessages.vi[k].length).toBeGreaterThan(0);
    }
    expect(signalingMessages.en['errors.permission']).toBe(
      'You do not have permission to perform this function',
    );
    expect(signalingMessages.en['room.locked']).toBe('Room is locked');
    expect(signalingMessages.en['room.no_presenter']).toBe(
      'No presenter available, cannot go invisible',
    );
  });
});

describe('reply schemas', () => {
  it('names a reply schema for every request', () => {
    for (const type of CLIENT_MESSAGE_TYPES) expect(replySchemas[type]).toBeDefined();
  });

  it('parses the replies that carry data and refuses a broken one', () => {
    expect(parseReply('join', { participant_id: 'p1' })).toEqual({
      ok: true,
      data: { participant_id: 'p1' },
    });
    expect(parseReply('chat_passcode_reset', { passcode: 'ABCD-EFGH' }).ok).toBe(true);
    expect(parseReply('publish_offer', {})).toMatchObject({ ok: false });
    // A reply without data is `{}`; fields a newer server adds are dropped, not fatal.
    expect(parseReply('lock', undefined)).toEqual({ ok: true, data: {} });
    expect(parseReply('resume', { participant_id: 'p1', extra: 1 })).toEqual({
      ok: true,
      data: { participant_id: 'p1' },
    });
  });
});
