// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RoomSession, type RoomNotice } from './RoomSession.ts';
import { uploadChatFile } from './upload.ts';
import { browserLikeSocket, Gateway, SELF } from '../signaling/testGateway.ts';

/**
 * The room session over a real loopback socket (no media: the browser side of media is covered
 * by the e2e specs). What the store shows and what goes out on the wire, for the join flows,
 * host actions, prompts, leaving and reconnecting.
 */
const gateways: Gateway[] = [];
const sessions: RoomSession[] = [];

afterEach(async () => {
  for (const s of sessions.splice(0)) s.close();
  for (const g of gateways.splice(0)) await g.close();
});

async function setup(prepare: (g: Gateway) => void = () => undefined) {
  const gateway = await Gateway.start();
  gateways.push(gateway);
  prepare(gateway);
  const notices: RoomNotice[] = [];
  const session = new RoomSession({
    url: gateway.url,
    authenticate: async () => gateway.credentials,
    notify: (n) => notices.push(n),
    client: {
      createSocket: browserLikeSocket,
      backoff: { initialMs: 20, maxMs: 50, factor: 2, jitter: 0 },
    },
  });
  sessions.push(session);
  const room = () => session.store.getState().room;
  return { gateway, session, notices, room };
}

function waitFor(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('condition not met in time'));
      else setTimeout(tick, 10);
    };
    tick();
  });
}

describe('RoomSession', () => {
  it('connects, joins without devices (none here) and shows the welcomed room', async () => {
    const { gateway, session, room } = await setup();
    await session.start();
    await waitFor(() => room().joinState === 'connected');
    expect(gateway.of('join')).toMatchObject([{ has_mic: false, has_camera: false }]);
    expect(room().selfId).toBe(SELF.id);
    expect(room().connection).toBe('connected');
  });

  it('shows the waiting room until admitted', async () => {
    const { session, room } = await setup((g) => {
      g.handlers.set('join', (frame, socket, { reply }) => {
        reply({ participant_id: SELF.id });
        g.send(socket, { type: 'join_state', state: 'in_waiting_room' });
        // The host admits a moment later.
        setTimeout(() => g.send(socket, g.welcome(g.sessionOf(socket))), 50);
      });
    });
    await session.start();
    await waitFor(() => room().joinState === 'in_waiting_room');
    await waitFor(() => room().joinState === 'connected');
  });

  it('a full room says so, and trying again sends another join', async () => {
    let joins = 0;
    const { gateway, session, room } = await setup((g) => {
      g.handlers.set('join', (_frame, socket, { reply, error }) => {
        joins += 1;
        if (joins === 1) return error('room_full', 'room.full');
        reply({ participant_id: SELF.id });
        g.send(socket, g.welcome(g.sessionOf(socket)));
      });
    });
    await session.start();
    expect(room().joinState).toBe('full');
    await session.retryJoin();
    await waitFor(() => room().joinState === 'connected');
    expect(gateway.of('join')).toHaveLength(2);
  });

  it('an expired admission ends in a failure the page can explain', async () => {
    const gateway = await Gateway.start();
    gateways.push(gateway);
    const session = new RoomSession({
      url: gateway.url,
      authenticate: () => Promise.reject(Object.assign(new Error('gone'), { status: 401 })),
      notify: () => undefined,
      client: { createSocket: browserLikeSocket },
    });
    sessions.push(session);
    await session.start();
    expect(session.store.getState().failure?.code).toBe('auth_failed');
  });

  it('host controls show a loading flag while pending and a refusal as a notice', async () => {
    let release: () => void = () => undefined;
    const { gateway, session, notices, room } = await setup((g) => {
      g.handlers.set('lock', (_frame, _socket, { reply }) => {
        release = () => reply();
      });
      g.handlers.set('mute_all', (_frame, _socket, { error }) =>
        error('not_allowed', 'room.mute_all_gallery'),
      );
    });
    await session.start();
    await waitFor(() => room().joinState === 'connected');

    const locking = session.setLocked(true);
    await waitFor(() => gateway.of('lock').length === 1);
    expect(session.store.getState().busy.lock).toBe(true);
    release();
    await expect(locking).resolves.toBe(true);
    expect(session.store.getState().busy.lock).toBeUndefined();

    // Mute all carries the host's layout; in gallery view the server refuses.
    await expect(session.muteAll()).resolves.toBe(false);
    expect(gateway.of('mute_all')).toMatchObject([{ layout: 'gallery' }]);
    expect(notices).toHaveLength(1);
    const notice = notices[0];
    expect(notice?.kind === 'error' && (notice.error as { key: string }).key).toBe(
      'room.mute_all_gallery',
    );
    session.setLayout('center');
    await session.muteAll();
    expect(gateway.of('mute_all').at(-1)).toMatchObject({ layout: 'center' });
  });

  it('sends each control as its protocol message', async () => {
    const { gateway, session, room } = await setup();
    await session.start();
    await waitFor(() => room().joinState === 'connected');
    await session.setWaitingRoom(true);
    await session.admit('all');
    await session.deny({ participantId: 'w1' });
    await session.remove('x');
    await session.block('y');
    await session.stopAllCameras();
    await session.askEnable('video', 'x');
    await session.setRole('x', 'co-host', true);
    await session.pinForAll(null);
    await session.raiseHand();
    await session.lowerHand('x');
    await session.sendChat('x', 'psst');
    await session.endForAll();
    const sent = gateway.frames
      .filter((f) => !['hello', 'join', 'heartbeat'].includes(f.type))
      .map(({ id: _id, v: _v, ...rest }) => rest);
    expect(sent).toEqual([
      { type: 'waiting_room', enabled: true },
      { type: 'admit', all: true },
      { type: 'deny', participant_id: 'w1' },
      { type: 'remove', participant_id: 'x' },
      { type: 'block', participant_id: 'y' },
      { type: 'stop_all_cameras' },
      { type: 'ask_enable', kind: 'video', participant_id: 'x' },
      { type: 'set_role', participant_id: 'x', role: 'co-host', granted: true },
      { type: 'pin_for_all', participant_id: null },
      { type: 'raise_hand' },
      { type: 'lower_hand', participant_id: 'x' },
      { type: 'chat', to: 'x', text: 'psst' },
      { type: 'end_for_all' },
    ]);
  });

  it('exports the chat with its passcode, and a new passcode clears the chat', async () => {
    const message = {
      id: 'm1',
      from: SELF.id,
      from_name: SELF.name,
      to: 'everyone',
      text: 'hi',
      file: null,
      at: 1,
    };
    const { gateway, session, notices, room } = await setup((g) => {
      g.handlers.set('chat_export', (frame, _socket, { reply, error }) =>
        frame.passcode === 'p4ss'
          ? reply({ messages: [message] })
          : error('invalid_passcode', 'chat.invalid_passcode'),
      );
      g.handlers.set('chat_passcode_reset', (_frame, _socket, { reply }) => {
        reply({ passcode: 'n3w' });
        g.broadcast({ type: 'chat_cleared', by: 'someone-else' });
      });
    });
    await session.start();
    await waitFor(() => room().joinState === 'connected');
    await expect(session.exportChat()).resolves.toBe('passcode');
    await expect(session.exportChat('wrong')).resolves.toBe('passcode');
    await expect(session.exportChat('p4ss')).resolves.toEqual([message]);
    expect(gateway.of('chat_export').map((f) => f.passcode)).toEqual([undefined, 'wrong', 'p4ss']);

    gateway.broadcast({ type: 'chat_message', message });
    await waitFor(() => room().chat.length === 1);
    await expect(session.resetChatPasscode()).resolves.toBe('n3w');
    await waitFor(() => room().chat.length === 0);
    expect(notices).toEqual([{ kind: 'chat_cleared' }]);
  });

  it('a host request to turn on the mic can be put off', async () => {
    const { gateway, session, room } = await setup();
    await session.start();
    await waitFor(() => room().joinState === 'connected');
    gateway.broadcast({ type: 'asked_to_enable', kind: 'audio', by: 'h' });
    await waitFor(() => room().asks.length === 1);
    await session.answerAsk('audio', 'later');
    expect(room().asks).toEqual([]);
    expect(gateway.of('ask_response')).toMatchObject([{ kind: 'audio', response: 'later' }]);
  });

  it('tells the host who answered, and the person when a host lowered their hand', async () => {
    const { gateway, session, notices, room } = await setup();
    await session.start();
    await waitFor(() => room().joinState === 'connected');
    gateway.broadcast({
      type: 'participant_joined',
      participant: { ...SELF, id: 'p2', name: 'Bao', role: 'participant' },
    });
    gateway.broadcast({
      type: 'ask_answered',
      participant_id: 'p2',
      kind: 'video',
      response: 'accepted',
    });
    gateway.broadcast({ type: 'hand_raised', participant_id: SELF.id, name: SELF.name, at: 1 });
    gateway.broadcast({ type: 'hand_lowered', participant_id: SELF.id, by: 'p2' });
    await waitFor(() => notices.length === 2);
    expect(notices).toEqual([
      { kind: 'ask_answered', name: 'Bao', media: 'video', response: 'accepted' },
      { kind: 'hand_lowered_by_host' },
    ]);
  });

  it('leaving tells the room and closes the connection', async () => {
    const { gateway, session, room } = await setup();
    await session.start();
    await waitFor(() => room().joinState === 'connected');
    await session.leave();
    expect(gateway.of('leave')).toHaveLength(1);
    expect(room().joinState).toBe('left');
    expect(room().connection).toBe('closed');
  });

  it('the host ending the event closes the session', async () => {
    const { gateway, session, room } = await setup();
    await session.start();
    await waitFor(() => room().joinState === 'connected');
    gateway.broadcast({ type: 'ended', reason: 'host_ended' });
    await waitFor(() => room().connection === 'closed');
    expect(room().ended).toBe('host_ended');
  });

  it('resumes after a drop, and joins again when the server no longer has us', async () => {
    const { gateway, session, notices, room } = await setup();
    await session.start();
    await waitFor(() => room().joinState === 'connected');
    gateway.dropAll();
    await waitFor(() => notices.some((n) => n.kind === 'reconnected'));
    expect(gateway.of('join')).toHaveLength(1);

    gateway.sessions.clear();
    gateway.dropAll();
    await waitFor(() => notices.some((n) => n.kind === 'rejoined'));
    await waitFor(() => gateway.of('join').length === 2);
    await waitFor(() => room().joinState === 'connected' && room().connection === 'connected');
  });

  it('uploads an attachment with the room credentials, then sends it in the message', async () => {
    let status = 201;
    const seen: http.IncomingHttpHeaders[] = [];
    const storage = http.createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on('end', () => {
        const body =
          status === 201
            ? { id: 'f1', name: 'a.txt', size: 3, mime: 'text/plain', kind: 'document', url: '/x' }
            : { error: { code: 'file_too_large', message: 'x', key: 'storage.file_rejected' } };
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((r) => storage.listen(0, '127.0.0.1', r));
    const baseUrl = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
    try {
      const gateway = await Gateway.start();
      gateways.push(gateway);
      const notices: RoomNotice[] = [];
      const session = new RoomSession({
        url: gateway.url,
        authenticate: async () => ({ credentials: gateway.credentials, roomId: 'room-1' }),
        accessToken: () => null,
        upload: (file, options) => uploadChatFile(file, { ...options, baseUrl }),
        notify: (n) => notices.push(n),
        client: { createSocket: browserLikeSocket },
      });
      sessions.push(session);
      await session.start();
      await waitFor(() => session.store.getState().room.joinState === 'connected');

      const file = new File(['abc'], 'a.txt', { type: 'text/plain' });
      await expect(session.sendChat('everyone', 'see attached', file)).resolves.toBe(true);
      expect(seen[0]?.['x-podium-room-credentials']).toBe(gateway.credentials);
      expect(gateway.of('chat').at(-1)).toMatchObject({
        to: 'everyone',
        text: 'see attached',
        file: { id: 'f1', name: 'a.txt', size: 3, mime: 'text/plain' },
      });

      status = 413;
      await expect(session.sendChat('everyone', '', file)).resolves.toBe(false);
      expect(notices).toEqual([{ kind: 'upload_failed', reason: 'rejected' }]);
      expect(gateway.of('chat')).toHaveLength(1);
      expect(session.store.getState().busy.chat).toBeUndefined();
    } finally {
      await new Promise((r) => storage.close(r));
    }
  });
});
