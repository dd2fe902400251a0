// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RoomSession, type RoomNotice } from './RoomSession.ts';
import type { SocketAuth } from './auth.ts';
import { uploadChatFile } from './upload.ts';
import type { HelloAdmission, HelloJoinLink } from '@podium/protocol';
import type { SignalingRequestError } from '../signaling/errors.ts';
import {
  LIVE_SERVER_TIMEOUT_MS,
  SocketTap,
  startLiveServer,
  waitFor,
  type LiveServer,
} from '../../../test/liveRoom.ts';

/**
 * The room session against the real server in this process (no media: the browser side of media
 * is covered by the e2e specs). What the store shows and what goes out on the wire, for the join
 * flows, host actions, prompts, leaving and reconnecting. Each test has its own event.
 */
let live: LiveServer;
const sessions: RoomSession[] = [];

beforeAll(async () => {
  live = await startLiveServer();
}, LIVE_SERVER_TIMEOUT_MS);

afterAll(() => live?.close());

afterEach(() => {
  for (const s of sessions.splice(0)) s.close();
});

function open(
  authenticate: () => Promise<SocketAuth>,
  extra: {
    upload?: boolean;
    mic?: boolean;
    lockedRetryMs?: number;
    renewCredentialsMs?: number;
    /** Collects the socket credentials each upload sends. */
    uploadedWith?: (string | null)[];
  } = {},
) {
  const tap = new SocketTap();
  // Node has no devices: the join says there is a microphone, as a browser with one would.
  if (extra.mic) tap.rewrite = (f) => (f.type === 'join' ? { ...f, has_mic: true } : f);
  const notices: RoomNotice[] = [];
  const session = new RoomSession({
    url: live.socketUrl,
    authenticate,
    accessToken: () => null,
    ...(extra.upload
      ? {
          upload: (file, options) => {
            extra.uploadedWith?.push(options.credentials);
            return uploadChatFile(file, { ...options, baseUrl: live.server.url });
          },
        }
      : {}),
    notify: (n) => notices.push(n),
    ...(extra.lockedRetryMs ? { lockedRetryMs: extra.lockedRetryMs } : {}),
    client: {
      createSocket: tap.createSocket,
      backoff: { initialMs: 20, maxMs: 50, factor: 2, jitter: 0 },
      ...(extra.renewCredentialsMs ? { renewCredentialsMs: extra.renewCredentialsMs } : {}),
    },
  });
  sessions.push(session);
  const room = () => session.store.getState().room;
  return { session, tap, notices, room };
}

type Opened = ReturnType<typeof open>;

/** Starts a session and waits until it is in the room. */
async function inRoom(opened: Opened): Promise<Opened> {
  await opened.session.start();
  await waitFor(() => opened.room().joinState === 'connected');
  return opened;
}

async function hostAndGuest(
  name = 'Bao',
  guestOptions: { mic?: boolean } = {},
  event: Record<string, unknown> = {},
) {
  const alias = await live.newRoom(event);
  const host = await inRoom(open(live.roomAuth(alias, 'host')));
  const guest = await inRoom(open(live.roomAuth(alias, { guest: name }), guestOptions));
  const guestId = guest.room().selfId!;
  await waitFor(() => host.room().participants[guestId] !== undefined);
  return { alias, host, guest, guestId };
}

const errorKey = (notice: RoomNotice | undefined) =>
  notice?.kind === 'error' ? (notice.error as { key?: string }).key : undefined;

describe('RoomSession against the real server', { timeout: 20_000 }, () => {
  it('connects, joins without devices (none here) and shows the welcomed room', async () => {
    const alias = await live.newRoom();
    const { session, tap, room } = open(live.roomAuth(alias, 'host'));
    await session.start();
    await waitFor(() => room().joinState === 'connected');
    expect(tap.of('join')).toMatchObject([{ has_mic: false, has_camera: false }]);
    const self = room().participants[room().selfId!];
    expect(self).toMatchObject({ name: 'Mai Trần', role: 'host', guest: false });
    expect(room().connection).toBe('connected');
    expect(room().mode).toBe('meeting');
  });

  it('sends its first join right behind the hello, before the hello is answered', async () => {
    const alias = await live.newRoom();
    const { session, tap, room } = open(live.roomAuth(alias, 'host'));
    // Both held on their way: the server has not answered the hello when the join goes out.
    tap.hold('hello');
    tap.hold('join');
    const started = session.start();
    await waitFor(() => tap.of('join').length === 1);
    expect(tap.frames.map((f) => f.type)).toEqual(['hello', 'join']);
    expect(tap.received).toEqual([]);
    tap.release('hello');
    tap.release('join');
    await started;
    await waitFor(() => room().joinState === 'connected');
    expect(tap.of('join')).toHaveLength(1);
  });

  /** A session greeted with a join link (the join page's way), with what the page hears. */
  function byLink(link: HelloJoinLink) {
    const tap = new SocketTap();
    const admitted: HelloAdmission[] = [];
    const refused: SignalingRequestError[] = [];
    const session = new RoomSession({
      url: live.socketUrl,
      authenticate: () => Promise.reject(new Error('a join link needs no authentication')),
      notify: () => undefined,
      client: {
        createSocket: tap.createSocket,
        joinLink: { link, admitted: (a) => admitted.push(a), refused: (e) => refused.push(e) },
      },
    });
    sessions.push(session);
    return { session, tap, admitted, refused };
  }

  it('greets with a join link: the hello is the admission, its first join right behind it', async () => {
    const alias = await live.newRoom({ passcode: 'Open-1234' });
    const { session, tap, admitted, refused } = byLink({
      alias,
      passcode: 'Open-1234',
      display_name: 'Lan',
    });
    tap.hold('hello');
    tap.hold('join');
    const started = session.start();
    await waitFor(() => tap.of('join').length === 1);
    expect(tap.frames.map((f) => f.type)).toEqual(['hello', 'join']);
    expect(tap.of('hello')[0]).toMatchObject({ join_link: { alias, passcode: 'Open-1234' } });
    tap.release('hello');
    tap.release('join');
    await started;
    await waitFor(() => session.store.getState().room.joinState === 'connected');
    expect(admitted).toMatchObject([{ role: 'guest', display_name: 'Lan' }]);
    expect(admitted[0]!.title).toMatch(/^Live room /);
    // The room's id (gifts, uploads) as an authentication would have given it.
    expect(session.roomId).toBe(admitted[0]!.room_id);
    expect(refused).toEqual([]);
  });

  it('a join link refused in the hello reaches the page with what verify-call answers', async () => {
    const alias = await live.newRoom({ passcode: 'Open-1234' });
    const { session, admitted, refused } = byLink({ alias, passcode: 'wrong-1234' });
    await session.start();
    await waitFor(() => refused.length === 1);
    expect(refused[0]).toMatchObject({
      refusal: { status: 400, code: 'invalid_passcode', key: 'errors.invalid_passcode' },
    });
    expect(admitted).toEqual([]);
  });

  it('joins once greeted when the hello its first join went behind was refused', async () => {
    const alias = await live.newRoom();
    const auth = live.roomAuth(alias, 'host');
    let asked = 0;
    // The first credentials are refused in hello (expired, say); the socket asks again.
    const { session, tap, room } = open(async () => {
      asked += 1;
      return asked === 1 ? { credentials: 'refused', roomId: null } : auth();
    });
    await session.start();
    await waitFor(() => room().joinState === 'connected');
    expect(asked).toBe(2);
    expect(tap.of('hello')).toHaveLength(2);
    // One behind the refused hello (lost with it), one on the greeted socket.
    expect(tap.of('join')).toHaveLength(2);
    expect(room().connection).toBe('connected');
  });

  it('shows the waiting room until a host admits', async () => {
    const alias = await live.newRoom();
    const host = await inRoom(open(live.roomAuth(alias, 'host')));
    await expect(host.session.setWaitingRoom(true)).resolves.toBe(true);

    const guest = open(live.roomAuth(alias, { guest: 'Bao' }));
    await guest.session.start();
    await waitFor(() => guest.room().joinState === 'in_waiting_room');
    await waitFor(() => host.room().waiting.length === 1);
    const [entry] = host.room().waiting;
    expect(entry).toMatchObject({ name: 'Bao', guest: true });

    await expect(host.session.admit({ participantId: entry!.participant_id })).resolves.toBe(true);
    await waitFor(() => guest.room().joinState === 'connected');
    await waitFor(() => host.room().participants[entry!.participant_id] !== undefined);
    expect(host.room().waiting).toEqual([]);
  });

  it('a locked room says so; once unlocked, trying again sends another join', async () => {
    const alias = await live.newRoom();
    const host = await inRoom(open(live.roomAuth(alias, 'host')));
    await expect(host.session.setLocked(true)).resolves.toBe(true);

    const guest = open(live.roomAuth(alias, { guest: 'Bao' }));
    await guest.session.start();
    expect(guest.room().joinState).toBe('locked');

    await expect(host.session.setLocked(false)).resolves.toBe(true);
    await guest.session.retryJoin();
    await waitFor(() => guest.room().joinState === 'connected');
    expect(guest.tap.of('join')).toHaveLength(2);
  });

  it('a guest on a locked room gets in by themselves once a host unlocks it', async () => {
    const alias = await live.newRoom();
    const host = await inRoom(open(live.roomAuth(alias, 'host')));
    await expect(host.session.setLocked(true)).resolves.toBe(true);

    const guest = open(live.roomAuth(alias, { guest: 'Bao' }), { lockedRetryMs: 30 });
    await guest.session.start();
    expect(guest.room().joinState).toBe('locked');
    // Asked again on its own, and still refused while locked: the screen stays.
    await waitFor(() => guest.tap.of('join').length >= 3);
    expect(guest.room().joinState).toBe('locked');

    await expect(host.session.setLocked(false)).resolves.toBe(true);
    await waitFor(() => guest.room().joinState === 'connected');
    await waitFor(() => host.room().order.length === 2);
  });

  it('tells hosts when a hand goes up, once per raise, and not the person raising it', async () => {
    const { host, guest } = await hostAndGuest('Bao', { mic: true });
    await expect(guest.session.raiseHand()).resolves.toBe(true);
    await waitFor(() => host.notices.some((n) => n.kind === 'hand_raised'));
    expect(host.notices.filter((n) => n.kind === 'hand_raised')).toEqual([
      { kind: 'hand_raised', name: 'Bao' },
    ]);
    expect(guest.notices).toEqual([]);
  });

  it('host controls show a loading flag while pending and a refusal as a notice', async () => {
    const alias = await live.newRoom();
    const { session, tap, notices, room } = await inRoom(open(live.roomAuth(alias, 'host')));

    // The lock request is held on the way until released: the flag shows meanwhile.
    tap.hold('lock');
    const locking = session.setLocked(true);
    await waitFor(() => tap.of('lock').length === 1);
    expect(session.store.getState().busy.lock).toBe(true);
    tap.release('lock');
    await expect(locking).resolves.toBe(true);
    expect(session.store.getState().busy.lock).toBeUndefined();
    await waitFor(() => room().locked);

    // Mute all carries the host's layout; in gallery view the server refuses.
    await expect(session.muteAll()).resolves.toBe(false);
    expect(tap.of('mute_all')).toMatchObject([{ layout: 'gallery' }]);
    expect(notices).toHaveLength(1);
    expect(errorKey(notices[0])).toBe('room.mute_all_gallery');
    session.setLayout('center');
    await expect(session.muteAll()).resolves.toBe(true);
    expect(tap.of('mute_all').at(-1)).toMatchObject({ layout: 'center' });
  });

  it('sends each control as its protocol message, and the room acts on it', async () => {
    // A conference: guests join in the audience, so making one a presenter changes their role.
    const { host, guest, guestId } = await hostAndGuest('Bao', {}, { mode: 'conference' });
    expect(guest.room().participants[guestId]?.role).toBe('guest');
    const s = host.session;
    await expect(s.setWaitingRoom(true)).resolves.toBe(true);
    await expect(s.setRole(guestId, 'presenter', true)).resolves.toBe(true);
    // A guest cannot be a co-host: the server's refusal reaches the host as a notice.
    await expect(s.setRole(guestId, 'co-host', true)).resolves.toBe(false);
    expect(errorKey(host.notices.at(-1))).toBe('room.guest_cannot_cohost');
    await expect(s.pinForAll(guestId)).resolves.toBe(true);
    await expect(s.sendChat(guestId, 'psst')).resolves.toBe(true);
    await expect(s.stopAllCameras()).resolves.toBe(true);
    await expect(s.remove(guestId)).resolves.toBe(true);
    await expect(s.endForAll()).resolves.toBe(true);
    expect(host.tap.requests().slice(1)).toEqual([
      { type: 'waiting_room', enabled: true },
      { type: 'set_role', participant_id: guestId, role: 'presenter', granted: true },
      { type: 'set_role', participant_id: guestId, role: 'co-host', granted: true },
      { type: 'pin_for_all', participant_id: guestId },
      { type: 'chat', to: guestId, text: 'psst' },
      { type: 'stop_all_cameras' },
      { type: 'remove', participant_id: guestId },
      { type: 'end_for_all' },
    ]);
    // What the guest saw of it, in its own store.
    await waitFor(() => guest.room().removed !== null);
    expect(guest.room().chat.map((m) => m.text)).toEqual(['psst']);
    expect(guest.room().pinnedForAll).toBe(guestId);
    expect(guest.notices).toContainEqual({ kind: 'role_changed', role: 'presenter' });
    expect(guest.room().connection).toBe('closed');
    await waitFor(() => host.room().ended !== null);
  });

  it('exports the chat, with its passcode once one was set; a new passcode clears the chat', async () => {
    const { host, guest } = await hostAndGuest();
    await expect(guest.session.sendChat('everyone', 'hi')).resolves.toBe(true);
    await waitFor(() => host.room().chat.length === 1);
    const exported = await host.session.exportChat();
    expect(Array.isArray(exported) && exported.map((m) => [m.from_name, m.text])).toEqual([
      ['Bao', 'hi'],
    ]);

    const passcode = await host.session.resetChatPasscode();
    expect(passcode).toEqual(expect.any(String));
    await waitFor(() => guest.room().chat.length === 0 && host.room().chat.length === 0);
    // Only the others are told: the host who reset it knows.
    expect(guest.notices).toContainEqual({ kind: 'chat_cleared' });
    expect(host.notices).not.toContainEqual({ kind: 'chat_cleared' });

    await expect(host.session.exportChat()).resolves.toBe('passcode');
    await expect(host.session.exportChat('wrong')).resolves.toBe('passcode');
    await expect(host.session.exportChat(passcode!)).resolves.toEqual([]);
    expect(host.tap.of('chat_export').map((f) => f.passcode)).toEqual([
      undefined,
      undefined,
      'wrong',
      passcode,
    ]);
  });

  it('a host request to turn on the mic can be put off, and the host hears the answer', async () => {
    const { host, guest, guestId } = await hostAndGuest();
    await expect(host.session.askEnable('audio', guestId)).resolves.toBe(true);
    await waitFor(() => guest.room().asks.length === 1);
    await guest.session.answerAsk('audio', 'later');
    expect(guest.room().asks).toEqual([]);
    expect(guest.tap.of('ask_response')).toMatchObject([{ kind: 'audio', response: 'later' }]);
    await waitFor(() => host.notices.some((n) => n.kind === 'ask_answered'));
    expect(host.notices).toContainEqual({
      kind: 'ask_answered',
      name: 'Bao',
      media: 'audio',
      response: 'later',
    });
  });

  it('tells a person when a host lowered their hand, not when they lowered it themselves', async () => {
    const { host, guest, guestId } = await hostAndGuest('Bao', { mic: true });
    await expect(guest.session.raiseHand()).resolves.toBe(true);
    await expect(guest.session.lowerHand()).resolves.toBe(true);
    await expect(guest.session.raiseHand()).resolves.toBe(true);
    await waitFor(() => host.room().hands.length === 1);
    await expect(host.session.lowerHand(guestId)).resolves.toBe(true);
    await waitFor(() => guest.notices.length === 1);
    expect(guest.notices).toEqual([{ kind: 'hand_lowered_by_host' }]);
    expect(guest.room().hands).toEqual([]);
  });

  it('leaving tells the room and closes the connection', async () => {
    const { host, guest, guestId } = await hostAndGuest();
    await guest.session.leave();
    expect(guest.tap.of('leave')).toHaveLength(1);
    expect(guest.room().joinState).toBe('left');
    expect(guest.room().connection).toBe('closed');
    await waitFor(() => host.room().participants[guestId] === undefined);
  });

  it('the host ending the event closes everyone’s session', async () => {
    const { host, guest } = await hostAndGuest();
    await host.session.endForAll();
    await waitFor(() => guest.room().connection === 'closed');
    expect(guest.room().ended).toBe('host_ended');
  });

  it('resumes after a drop; joins again when the server no longer has us', async () => {
    const alias = await live.newRoom();
    const { session, tap, notices, room } = await inRoom(open(live.roomAuth(alias, 'host')));
    const selfId = room().selfId;
    tap.dropAll();
    await waitFor(() => notices.some((n) => n.kind === 'reconnected'));
    expect(tap.of('join')).toHaveLength(1);
    expect(tap.of('resume')).toHaveLength(1);
    expect(room().selfId).toBe(selfId);
    expect(session.store.getState().room.connection).toBe('connected');

    // Away a while: meanwhile the same person joins from another tab, which takes the place.
    tap.offline = true;
    tap.dropAll();
    await waitFor(() => room().connection === 'reconnecting');
    const other = await inRoom(open(live.roomAuth(alias, 'host')));
    other.session.close();
    tap.offline = false;
    await waitFor(() => notices.some((n) => n.kind === 'rejoined'));
    await waitFor(() => tap.of('join').length === 2);
    await waitFor(() => room().joinState === 'connected' && room().connection === 'connected');
  });

  it('an admission the server refuses ends in a failure the page can explain', async () => {
    const { session } = open(() => live.ticketAuth('not-a-ticket'));
    await session.start();
    expect(session.store.getState().failure?.code).toBe('auth_failed');
  });

  it('uploads an attachment with the room credentials, then sends it in the message', async () => {
    const { alias, host } = await hostAndGuest();
    const guest = await inRoom(open(live.roomAuth(alias, { guest: 'Lan' }), { upload: true }));

    const file = new File(['abc'], 'a.txt', { type: 'text/plain' });
    await expect(guest.session.sendChat('everyone', 'see attached', file)).resolves.toBe(true);
    expect(guest.tap.of('chat').at(-1)).toMatchObject({
      to: 'everyone',
      text: 'see attached',
      file: { name: 'a.txt', size: 3, mime: 'text/plain' },
    });
    await waitFor(() => host.room().chat.length === 1);
    expect(host.room().chat[0]).toMatchObject({ from_name: 'Lan', file: { name: 'a.txt' } });

    // Over the documents' limit: the server refuses it, and no message goes out.
    const big = new File(['a'.repeat(6 * 1024 * 1024)], 'big.txt', { type: 'text/plain' });
    await expect(guest.session.sendChat('everyone', '', big)).resolves.toBe(false);
    expect(guest.notices).toEqual([{ kind: 'upload_failed', reason: 'rejected' }]);
    expect(guest.tap.of('chat')).toHaveLength(1);
    expect(guest.session.store.getState().busy.chat).toBeUndefined();
  });

  it('uploads with the renewed credentials once the first ones have expired (a long call)', async () => {
    const { alias } = await hostAndGuest();
    // Credentials good for 2 s (the server's own, re-signed shorter): a call longer than the ten
    // minutes they are good for, without waiting ten minutes.
    const signal = live.server.podium.services.signal;
    const roomAuth = live.roomAuth(alias, { guest: 'Lan' });
    const shortLived = async () => {
      const answer = await roomAuth();
      const opened = await signal.open(answer.credentials);
      if (!opened.ok) throw new Error('the server refused its own credentials');
      return { ...answer, ...(await signal.renew(opened.credentials, 2)) };
    };
    const uploadedWith: (string | null)[] = [];
    const guest = await inRoom(
      open(shortLived, { upload: true, renewCredentialsMs: 300, uploadedWith }),
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(guest.tap.of('renew_credentials').length).toBeGreaterThan(2);

    const file = new File(['abc'], 'late.txt', { type: 'text/plain' });
    await expect(guest.session.sendChat('everyone', 'still here', file)).resolves.toBe(true);
    expect(guest.notices).toEqual([]);
    // Sent with credentials that are still good (the server would also take expired ones for a
    // while, SECURITY: only as a grace for clients that cannot renew).
    expect(uploadedWith).toHaveLength(1);
    expect(await signal.open(uploadedWith[0] ?? '')).toMatchObject({ ok: true, expired: false });
  });
});
