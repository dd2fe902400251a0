import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import type { SignalClient } from './signal-support.ts';
import {
  createEvent,
  joinRoom,
  joinTicket,
  socketCredentials,
  type Joined,
} from './signal-support.ts';

/**
 * Multi-camera sharing (issue 14 item 3) through the real gateway: the stage registers named
 * camera shares, everyone (and a late joiner, after its welcome) is told the list; the audience
 * may not share; a source is used once; the host's Stop cameras and leaving end shares.
 */
describe.each(STORE_KINDS)('camera shares on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  const clients: SignalClient[] = [];

  async function join(alias: string, name: string | null): Promise<Joined> {
    const credentials = name
      ? await socketCredentials(server, { ticket: await joinTicket(server, alias, { name }) })
      : await socketCredentials(server, { alias }, owner.token);
    const joined = await joinRoom(server, credentials);
    clients.push(joined.client);
    return joined;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUpAndLogin(server, 'host', 'Mai Trần');
  });

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await server.close();
  });

  it('shares named cameras, tells a late joiner, and ends them on Stop cameras and leaving', async () => {
    const event = await createEvent(server, owner.token, { mode: 'conference' });
    const host = await join(event.name, null);
    const presenter = await join(event.name, 'Lan');
    const attendee = await join(event.name, 'Bảo');
    await host.client.ok({
      type: 'set_role',
      participant_id: presenter.participantId,
      role: 'presenter',
      granted: true,
    });

    expect(
      await attendee.client.request({
        type: 'camera_share_start',
        source: 'camera_share_1',
        name: 'Desk',
      }),
    ).toMatchObject({ type: 'error', code: 'permission' });
    // A name is one line of 1–40 characters.
    expect(
      await presenter.client.request({
        type: 'camera_share_start',
        source: 'camera_share_1',
        name: '   ',
      }),
    ).toMatchObject({ type: 'error', code: 'bad_message' });

    await presenter.client.ok({
      type: 'camera_share_start',
      source: 'camera_share_1',
      name: '  Document camera ',
    });
    const told = await attendee.client.nextOf('camera_shares', (m) => m.shares.length === 1);
    expect(told.shares).toEqual([
      {
        participant_id: presenter.participantId,
        source: 'camera_share_1',
        name: 'Document camera',
      },
    ]);
    expect(
      await presenter.client.request({
        type: 'camera_share_start',
        source: 'camera_share_1',
        name: 'Again',
      }),
    ).toMatchObject({ type: 'error', code: 'conflict', key: 'cameraShare.in_use' });
    await presenter.client.ok({
      type: 'camera_share_start',
      source: 'camera_share_2',
      name: 'Whiteboard cam',
    });
    await host.client.ok({ type: 'camera_share_start', source: 'camera_share_1', name: 'Stage' });

    // A late joiner gets the list right after its welcome.
    const late = await join(event.name, 'Chi');
    const lateList = await late.client.nextOf('camera_shares');
    expect(lateList.shares.map((s) => s.name)).toEqual([
      'Document camera',
      'Whiteboard cam',
      'Stage',
    ]);

    // Stop cameras ends the presenter's shares, not the host's own.
    await host.client.ok({ type: 'stop_all_cameras' });
    const stopped = await late.client.nextOf('camera_shares', (m) => m.shares.length === 1);
    expect(stopped.shares).toEqual([
      { participant_id: host.participantId, source: 'camera_share_1', name: 'Stage' },
    ]);
    expect(
      await presenter.client.request({ type: 'camera_share_stop', source: 'camera_share_1' }),
    ).toMatchObject({ type: 'error', key: 'cameraShare.not_shared' });

    // The presenter shares again, then leaves: their share goes with them.
    await presenter.client.ok({
      type: 'camera_share_start',
      source: 'camera_share_3',
      name: 'Back',
    });
    await late.client.nextOf('camera_shares', (m) => m.shares.length === 2);
    await presenter.client.ok({ type: 'leave' });
    const afterLeave = await late.client.nextOf('camera_shares', (m) => m.shares.length === 1);
    expect(afterLeave.shares[0]?.participant_id).toBe(host.participantId);

    await host.client.ok({ type: 'camera_share_stop', source: 'camera_share_1' });
    expect(
      (await late.client.nextOf('camera_shares', (m) => m.shares.length === 0)).shares,
    ).toEqual([]);
  });
});
