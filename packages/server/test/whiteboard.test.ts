import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhiteboardElement } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import type { TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import {
  createEvent,
  greet,
  joinRoom,
  joinTicket,
  sleep,
  socketCredentials,
  startSignalServer,
  type Joined,
  type SignalClient,
} from './signal-support.ts';

/** An Excalidraw rectangle at version `version` (nonce as given: lower wins a tie). */
const rect = (id: string, version: number, versionNonce: number, x = 0): WhiteboardElement => ({
  id,
  type: 'rectangle',
  version,
  versionNonce,
  isDeleted: false,
  index: `a${id.length}`,
  x,
  y: 0,
  width: 40,
  height: 30,
  strokeColor: '#1e1e1e',
  backgroundColor: 'transparent',
  seed: 7,
});

const PERMISSION = {
  type: 'error',
  code: 'permission',
  key: 'errors.permission',
  message: 'You do not have permission to perform this function',
};

describe.each(STORE_KINDS)('the whiteboard on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  const clients: SignalClient[] = [];

  beforeAll(async () => {
    // Rooms close soon after the last person leaves, so a test can open the next run.
    server = await startSignalServer(kind, { idleCloseMs: 150, endedLingerMs: 150 });
    owner = await signUpAndLogin(server, 'wbhost', 'Mai Trần');
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await server.close();
  });

  const track = (joined: Joined): Joined => {
    clients.push(joined.client);
    return joined;
  };
  const hostJoin = async (alias: string) =>
    track(await joinRoom(server, await socketCredentials(server, { alias }, owner.token)));
  const guestCredentials = async (alias: string, name: string) =>
    socketCredentials(server, { ticket: await joinTicket(server, alias, { name }) });

  it('a host opens it for everyone, edits go to the others, guests watch; a late joiner gets the board', async () => {
    // A conference: guests stay guests (in a meeting the first eight are presenters).
    const event = await createEvent(server, owner.token, { mode: 'conference' });
    const host = await hostJoin(event.name);
    // Closed, presenters editing, is what the call shows after a welcome: nothing is sent for it.
    await host.client.ok({ type: 'heartbeat' });
    expect(host.client.all('whiteboard_state')).toEqual([]);
    const guest = track(await joinRoom(server, await guestCredentials(event.name, 'Lan')));
    await guest.client.ok({ type: 'heartbeat' });

    // A guest may neither open it nor draw on it (the spec's permission message).
    expect(await guest.client.request({ type: 'whiteboard_open' })).toMatchObject(PERMISSION);
    expect(
      await guest.client.request({ type: 'whiteboard_editors', editors: 'everyone' }),
    ).toMatchObject(PERMISSION);

    // Drawing on a closed board is refused with its own message.
    expect(
      await host.client.request({ type: 'whiteboard_update', elements: [rect('h1', 1, 5)] }),
    ).toMatchObject({ type: 'error', code: 'conflict', key: 'whiteboard.closed' });

    const opened = await host.client.ok({ type: 'whiteboard_open' });
    expect(opened.whiteboard).toMatchObject({ open: true, opened_by: host.participantId });
    expect((await guest.client.nextOf('whiteboard_state')).whiteboard).toMatchObject({
      open: true,
      opened_by_name: 'Mai Trần',
    });

    expect(
      await host.client.ok({ type: 'whiteboard_update', elements: [rect('h1', 1, 5)] }),
    ).toEqual({ accepted: 1 });
    const seen = await guest.client.nextOf('whiteboard_scene');
    expect(seen).toMatchObject({ full: false, by: host.participantId });
    expect(seen.elements).toEqual([rect('h1', 1, 5)]);
    // The sender is not sent its own elements back.
    await sleep(100);
    expect(host.client.received.some((m) => m.type === 'whiteboard_scene')).toBe(false);

    expect(
      await guest.client.request({ type: 'whiteboard_update', elements: [rect('g1', 1, 1)] }),
    ).toMatchObject(PERMISSION);

    // The host lets everyone edit: the guest's stroke reaches the host.
    await host.client.ok({ type: 'whiteboard_editors', editors: 'everyone' });
    expect((await guest.client.nextOf('whiteboard_state')).whiteboard.editors).toBe('everyone');
    expect(
      await guest.client.ok({ type: 'whiteboard_update', elements: [rect('g1', 1, 1)] }),
    ).toEqual({ accepted: 1 });
    expect((await host.client.nextOf('whiteboard_scene')).elements).toEqual([rect('g1', 1, 1)]);

    // Concurrent edits of one element: the higher version wins, an older copy changes nothing.
    await host.client.ok({ type: 'whiteboard_update', elements: [rect('h1', 3, 9, 100)] });
    expect(
      await guest.client.ok({ type: 'whiteboard_update', elements: [rect('h1', 2, 1, 50)] }),
    ).toEqual({ accepted: 0 });
    // At an equal version the lower nonce wins, whoever sent it last.
    expect(
      await guest.client.ok({ type: 'whiteboard_update', elements: [rect('h1', 3, 2, 70)] }),
    ).toEqual({ accepted: 1 });

    const late = track(await joinRoom(server, await guestCredentials(event.name, 'Bảo')));
    expect((await late.client.nextOf('whiteboard_state')).whiteboard).toMatchObject({
      open: true,
      editors: 'everyone',
    });
    const board = await late.client.nextOf('whiteboard_scene');
    expect(board.full).toBe(true);
    expect(board.elements).toEqual([rect('g1', 1, 1), rect('h1', 3, 2, 70)]);
  }, 60_000);

  it('a reconnecting participant gets the board after its new welcome', async () => {
    const event = await createEvent(server, owner.token);
    const host = await hostJoin(event.name);
    await host.client.ok({ type: 'whiteboard_open' });
    const credentials = await guestCredentials(event.name, 'Khánh');
    const guest = track(await joinRoom(server, credentials));
    await host.client.ok({ type: 'whiteboard_update', elements: [rect('a', 1, 1)] });
    await guest.client.nextOf('whiteboard_scene');

    guest.client.ws.terminate();
    await host.client.ok({ type: 'whiteboard_update', elements: [rect('b', 1, 1)] });
    const back = await greet(server, credentials);
    clients.push(back);
    await back.ok({ type: 'resume', session_id: guest.sessionId });
    await back.nextOf('welcome');
    const board = await back.nextOf('whiteboard_scene');
    expect(board).toMatchObject({ full: true, by: null });
    expect(board.elements.map((e) => e.id)).toEqual(['a', 'b']);
  }, 60_000);

  it('the board is stored with the event: the next run of the room has it', async () => {
    const event = await createEvent(server, owner.token);
    const host = await hostJoin(event.name);
    await host.client.ok({ type: 'whiteboard_open' });
    await host.client.ok({ type: 'whiteboard_update', elements: [rect('kept', 2, 4)] });
    await host.client.ok({ type: 'whiteboard_update', elements: [{ ...rect('gone', 1, 1) }] });
    await host.client.ok({
      type: 'whiteboard_update',
      elements: [{ ...rect('gone', 2, 1), isDeleted: true }],
    });
    await host.client.ok({ type: 'leave' });
    host.client.close();

    // The room closes when empty (its last changes written then); the host comes back later.
    let again: Joined | null = null;
    for (let i = 0; i < 50 && !again; i++) {
      await sleep(200);
      const stored = await server.podium.services.whiteboards.load(event.id);
      if (stored?.elements.some((e) => e.id === 'gone' && e.isDeleted))
        again = await hostJoin(event.name);
    }
    expect(again).not.toBeNull();
    expect((await again!.client.nextOf('whiteboard_state')).whiteboard).toMatchObject({
      open: true,
      opened_by: null,
    });
    const board = await again!.client.nextOf('whiteboard_scene');
    // Tombstones are kept so an older copy of a deleted element cannot bring it back.
    expect(board.elements.map((e) => [e.id, e.isDeleted])).toEqual([
      ['gone', true],
      ['kept', false],
    ]);
  }, 60_000);

  it('refuses end-to-end rooms and malformed elements', async () => {
    const e2e = await createEvent(server, owner.token, { mode: 'endtoend' });
    const e2eHost = await hostJoin(e2e.name);
    expect(await e2eHost.client.request({ type: 'whiteboard_open' })).toMatchObject({
      code: 'not_allowed',
      key: 'whiteboard.endtoend',
    });

    const event = await createEvent(server, owner.token);
    const host = await hostJoin(event.name);
    await host.client.ok({ type: 'whiteboard_open' });
    for (const bad of [
      { ...rect('x', 1, 1), type: 'image', fileId: 'f' },
      { ...rect('x', 1, 1), link: 'javascript:alert(1)' },
      { ...rect('x', 0, 1) },
    ]) {
      expect(
        await host.client.request({
          type: 'whiteboard_update',
          elements: [bad as WhiteboardElement],
        }),
      ).toMatchObject({ type: 'error', code: 'bad_message' });
    }
  }, 60_000);
});
