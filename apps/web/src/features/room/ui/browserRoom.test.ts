import { afterEach, describe, expect, it } from 'vitest';
import type { JoinAdmission, MediaChoices } from '../../../shared/session/admission.ts';
import type { RoomSession } from '../session/RoomSession.ts';
import {
  NoticeRelay,
  adoptBrowserRoom,
  dropJoiningRoom,
  launchBrowserRoom,
  launchJoiningRoom,
  type BrowserRoom,
  type RoomStart,
} from './browserRoom.ts';

/**
 * The room launched at the click on Join (issue 11 item 3): it starts before the admission,
 * says nothing until the ticket comes, and is the room the room page adopts once admitted.
 * Sessions are stand-ins that record what happened to them (the session itself is covered
 * against the real server in RoomSession.test.ts).
 */

const media: MediaChoices = {
  camera: true,
  microphone: false,
  cameraId: 'cam-1',
  microphoneId: null,
  speakerId: null,
};

const admission = (ticket: string): JoinAdmission => ({
  alias: 'demo',
  ticket,
  expiresAt: new Date(Date.now() + 60_000).toISOString(),
  role: 'guest',
  displayName: 'Guest',
  title: 'Demo',
  media,
});

interface Started {
  start: RoomStart;
  room: BrowserRoom;
  ended: ('close' | 'leave')[];
}

const started: Started[] = [];

/** Stands in for startBrowserRoom: a session that only records how it ended. */
function fakeStart(start: RoomStart): BrowserRoom {
  const ended: ('close' | 'leave')[] = [];
  const session = {
    close: () => ended.push('close'),
    leave: () => {
      ended.push('leave');
      return Promise.resolve();
    },
  } as unknown as RoomSession;
  const room: BrowserRoom = {
    ticket: typeof start.ticket === 'string' ? start.ticket : null,
    session,
    relay: new NoticeRelay(),
  };
  started.push({ start, room, ended });
  return room;
}

const label = () => 'Device';

afterEach(() => {
  // Whatever a test left parked goes, as the next launch would drop it.
  dropJoiningRoom();
  for (const s of started.splice(0)) adoptBrowserRoom(s.room.ticket ?? '');
});

describe('the room launched at the click', () => {
  it('starts with the media chosen and has no ticket until the admission gives it', async () => {
    launchJoiningRoom(media, label, undefined, fakeStart);
    expect(started).toHaveLength(1);
    const [first] = started;
    expect(first!.start.media).toEqual(media);
    expect(first!.room.ticket).toBeNull();
    let ticket: string | null = null;
    void Promise.resolve(first!.start.ticket).then((t) => (ticket = t));
    await Promise.resolve();
    expect(ticket).toBeNull();

    launchBrowserRoom(admission('ticket-1'), label, fakeStart);
    await new Promise((r) => setTimeout(r, 0));
    expect(ticket).toBe('ticket-1');
    // No second session: the admitted one is the launched one, and the room page adopts it.
    expect(started).toHaveLength(1);
    expect(adoptBrowserRoom('ticket-1')).toBe(first!.room);
    expect(first!.ended).toEqual([]);
  });

  it('closes unheard when the admission is refused', () => {
    launchJoiningRoom(media, label, undefined, fakeStart);
    dropJoiningRoom();
    expect(started[0]!.ended).toEqual(['close']);
    expect(adoptBrowserRoom('ticket-1')).toBeNull();
  });

  it('is not dropped as refused once admitted', () => {
    launchJoiningRoom(media, label, undefined, fakeStart);
    launchBrowserRoom(admission('ticket-2'), label, fakeStart);
    dropJoiningRoom();
    expect(started[0]!.ended).toEqual([]);
    expect(adoptBrowserRoom('ticket-2')).toBe(started[0]!.room);
  });

  it('gives way to a new attempt, which replaces it', () => {
    launchJoiningRoom(media, label, undefined, fakeStart);
    launchJoiningRoom(media, label, undefined, fakeStart);
    expect(started[0]!.ended).toEqual(['close']);
    launchBrowserRoom(admission('ticket-3'), label, fakeStart);
    expect(adoptBrowserRoom('ticket-3')).toBe(started[1]!.room);
  });

  it('with a join link, its hello is the admission: the ticket comes with its answer', async () => {
    const told: string[] = [];
    const refusals: unknown[] = [];
    const link = { alias: 'demo', passcode: 'Open-1234', guest_key: 'k'.repeat(32) };
    launchJoiningRoom(
      media,
      label,
      {
        link,
        admitted: (a) => told.push(a.ticket),
        refused: (e) => refusals.push(e),
      },
      fakeStart,
    );
    const [first] = started;
    // The session's first hello carries the link (SignalingClient's joinLink).
    expect(first!.start.joinLink?.link).toEqual(link);
    let ticket: string | null = null;
    void Promise.resolve(first!.start.ticket).then((t) => (ticket = t));
    first!.start.joinLink!.admitted({
      ticket: 'ticket-5',
      expires_at: new Date(Date.now() + 60_000).toISOString(),
      role: 'guest',
      display_name: null,
      title: 'Demo',
      credentials: 'cred',
      room_id: 'room-1',
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(told).toEqual(['ticket-5']);
    expect(ticket).toBe('ticket-5');
    expect(first!.room.ticket).toBe('ticket-5');
    // The page's admission then finds it, rather than starting another.
    launchBrowserRoom(admission('ticket-5'), label, fakeStart);
    expect(started).toHaveLength(1);
    expect(adoptBrowserRoom('ticket-5')).toBe(first!.room);
    expect(refusals).toEqual([]);
  });

  it('without a launch at the click, the admission starts the room itself', () => {
    launchBrowserRoom(admission('ticket-4'), label, fakeStart);
    expect(started).toHaveLength(1);
    expect(started[0]!.start.ticket).toBe('ticket-4');
    expect(adoptBrowserRoom('ticket-4')).toBe(started[0]!.room);
  });
});
