import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STUDIO, apiPaths, signalingMessages, type StudioState } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import {
  createEvent,
  greet,
  joinRoom,
  joinTicket,
  socketCredentials,
  type Joined,
  type SignalClient,
} from './signal-support.ts';
import { solidPng } from './studio-support.ts';

interface Answer {
  status: number;
  body: { id?: string; width?: number; error?: { code: string; key?: string; message: string } };
}

describe.each(STORE_KINDS)('the studio on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  const clients: SignalClient[] = [];

  async function upload(
    token: string | null,
    purpose: string,
    bytes: Uint8Array,
    name = 'image.png',
  ): Promise<Answer> {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), name);
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${server.url}${apiPaths.studio.images}?purpose=${purpose}`, {
      method: 'POST',
      headers,
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  }

  async function uploadedId(purpose: string, width: number, height: number): Promise<string> {
    const res = await upload(owner.token, purpose, solidPng(width, height));
    expect(res.status).toBe(201);
    return res.body.id!;
  }

  async function join(
    alias: string,
    who: { name: string } | { owner: SignedIn } | { member: SignedIn },
  ): Promise<Joined & { credentials: string }> {
    const credentials =
      'owner' in who
        ? await socketCredentials(server, { alias }, who.owner.token)
        : await socketCredentials(server, {
            ticket: await joinTicket(
              server,
              alias,
              'member' in who ? { token: who.member.token } : { name: who.name },
            ),
          });
    const joined = await joinRoom(server, credentials);
    clients.push(joined.client);
    return { ...joined, credentials };
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUpAndLogin(server, 'studio', 'Mai Studio');
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await server.close();
  });

  it('images: 16:9 badge and scene, any logo; wrong ratio, over 1 MB, wrong type refused', async () => {
    const badge = await upload(owner.token, 'badge', solidPng(320, 180));
    expect(badge).toMatchObject({ status: 201, body: { width: 320 } });
    // Served by its plain link to anyone (the recorder and guests show it).
    const served = await fetch(`${server.url}/api/storage/file/${badge.body.id}`);
    expect(served.status).toBe(200);
    expect((await upload(owner.token, 'logo', solidPng(100, 100))).status).toBe(201);
    // A small tolerance around 16:9.
    expect((await upload(owner.token, 'scene', solidPng(1366, 768))).status).toBe(201);

    const square = await upload(owner.token, 'scene', solidPng(200, 200));
    expect(square).toMatchObject({
      status: 400,
      body: {
        error: { key: 'studio.bad_ratio', message: 'Name badge and scene images must be 16:9' },
      },
    });
    // The refused file is not kept.
    const big = await upload(owner.token, 'badge', solidPng(160, 90, [1, 2, 3], 1024 * 1024));
    expect(big.status).toBeGreaterThanOrEqual(400);
    expect(big.body.error?.message).toBe('File too large or invalid type');
    // A GIF is an image but not a studio format; bytes that are not the PNG they claim, neither.
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
    gif.writeUInt16LE(160, 6);
    gif.writeUInt16LE(90, 8);
    expect((await upload(owner.token, 'badge', gif, 'x.gif')).body.error?.key).toBe(
      'studio.file_rejected',
    );
    expect(
      (await upload(owner.token, 'logo', Buffer.from('not a png at all, honest'))).body.error
        ?.message,
    ).toBe('File too large or invalid type');
    expect((await upload(null, 'logo', solidPng(100, 100))).status).toBe(401);
    expect((await upload(owner.token, 'poster', solidPng(100, 100))).status).toBe(400);
  });

  it('account defaults: checked, saved, and applied to the events created afterwards', async () => {
    const host = await signUpAndLogin(server, 'defaults', 'Lan Defaults');
    const before = await createEvent(server, host.token);
    const get = await server.api(apiPaths.studio.defaults, { method: 'GET', token: host.token });
    expect(get).toMatchObject({ status: 200, body: { studio: DEFAULT_STUDIO } });

    const badPosition = await server.api(apiPaths.studio.defaults, {
      method: 'POST',
      token: host.token,
      body: { studio: { ...DEFAULT_STUDIO, logo: { image: null, position: 'centre' } } },
    });
    expect(badPosition).toMatchObject({
      status: 400,
      body: { error: { key: 'studio.unknown_position' } },
    });
    const badFont = await server.api(apiPaths.studio.defaults, {
      method: 'POST',
      token: host.token,
      body: { studio: { ...DEFAULT_STUDIO, text: { ...DEFAULT_STUDIO.text, font: 'Wingdings' } } },
    });
    expect(badFont.body.error.key).toBe('studio.unknown_font');

    const studio: StudioState = {
      ...DEFAULT_STUDIO,
      logo: { image: null, position: 'bottom-left' },
      text: { ...DEFAULT_STUDIO.text, enabled: true, text: 'Welcome' },
      layout: 1,
    };
    const put = await server.api(apiPaths.studio.defaults, {
      method: 'POST',
      token: host.token,
      body: { studio },
    });
    expect(put).toMatchObject({ status: 200, body: { studio } });

    const after = await createEvent(server, host.token);
    const inNew = await join(after.name, { owner: host });
    expect((await inNew.client.nextOf('studio_state')).studio).toEqual(studio);
    // An event made before: the default studio, which the call shows after a welcome untold.
    const inOld = await join(before.name, { owner: host });
    await inOld.client.ok({ type: 'heartbeat' });
    expect(inOld.client.all('studio_state')).toEqual([]);
  });

  it('hosts and co-hosts change it live: everyone, late joiners and reconnects see it; others are refused', async () => {
    const event = await createEvent(server, owner.token, { mode: 'conference' });
    const host = await join(event.name, { owner });
    const guest = await join(event.name, { name: 'Khoa' });
    // The default studio is not sent: the call shows it after every welcome.
    await guest.client.ok({ type: 'heartbeat' });
    expect(guest.client.all('studio_state')).toEqual([]);
    const logo = await uploadedId('logo', 100, 100);
    const studio: StudioState = {
      ...DEFAULT_STUDIO,
      logo: { image: logo, position: 'top-right' },
      text: { ...DEFAULT_STUDIO.text, enabled: true, text: 'Breaking news' },
      layout: 2,
    };
    expect(await host.client.ok({ type: 'studio_set', studio })).toEqual({ studio });
    expect(await guest.client.nextOf('studio_state', (m) => m.by !== null)).toEqual({
      type: 'studio_state',
      studio,
      by: host.participantId,
    });

    // A guest's socket is refused, in the spec's words (both languages known to the client).
    const refused = await guest.client.request({
      type: 'studio_set',
      studio: { ...studio, layout: 1 },
    });
    expect(refused).toMatchObject({
      type: 'error',
      code: 'permission',
      key: 'errors.permission',
      message: 'You do not have permission to perform this function',
    });
    expect(signalingMessages.vi['errors.permission']).toBeTruthy();

    // Bad input is refused with its own message; nothing changes.
    const badFont = await host.client.request({
      type: 'studio_set',
      studio: { ...studio, text: { ...studio.text, font: 'Papyrus' } },
    });
    expect(badFont).toMatchObject({ type: 'error', key: 'studio.unknown_font' });
    const wrongScene = await host.client.request({
      type: 'studio_set',
      studio: { ...studio, scene: { image: logo } },
    });
    expect(wrongScene).toMatchObject({ type: 'error', key: 'studio.bad_ratio' });
    const missing = await host.client.request({
      type: 'studio_set',
      studio: { ...studio, scene: { image: 'A'.repeat(32) } },
    });
    expect(missing).toMatchObject({ type: 'error', key: 'studio.image_missing' });

    // A late joiner gets it after its welcome.
    const late = await join(event.name, { name: 'Bảo' });
    expect((await late.client.nextOf('studio_state')).studio).toEqual(studio);

    // A signed-in participant made co-host may change it; a presenter may not (the host's reply
    // comes once the role is applied, so the member's next request sees it).
    const member = await join(event.name, {
      member: await signUpAndLogin(server, 'cohost', 'Vy Co'),
    });
    await host.client.ok({
      type: 'set_role',
      participant_id: member.participantId,
      role: 'presenter',
      granted: true,
    });
    expect(
      await member.client.request({ type: 'studio_set', studio: { ...studio, layout: 3 } }),
    ).toMatchObject({ type: 'error', code: 'permission' });
    await host.client.ok({
      type: 'set_role',
      participant_id: member.participantId,
      role: 'co-host',
      granted: true,
    });
    const byCoHost = { ...studio, layout: 3 as const };
    await member.client.ok({ type: 'studio_set', studio: byCoHost });
    await late.client.nextOf('studio_state', (m) => m.studio.layout === 3);

    // A dropped socket that resumes is told the studio again.
    late.client.ws.terminate();
    const back = await greet(server, late.credentials);
    clients.push(back);
    await back.ok({ type: 'resume', session_id: late.sessionId });
    expect((await back.nextOf('studio_state')).studio).toEqual(byCoHost);

    // Stored with the event: a later room run of the same event starts from it.
    const stored = await server.podium.services.studio.forEvent(event.id);
    expect(stored).toEqual(byCoHost);
  }, 60_000);
});
