import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { hoursFromNow, signUpAndLogin, type SignedIn } from './events-support.ts';
import { CALLS_PER_ADDRESS, CALLS_PER_ALIAS } from '../src/services/qr-calls/flood.ts';

/**
 * Issue 10 item 9: anonymous QR calls flooded an agent with `missed_call` notifications (60 in
 * 2 s). Calls are limited per address and per alias; repeated missed calls collapse.
 */
describe.each(STORE_KINDS)('QR call flood on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  let agent: SignedIn;

  beforeAll(async () => {
    // Behind a proxy we run, so the test can speak from several addresses.
    server = await startTestServer(kind, { TRUST_PROXY: '1' });
    owner = await signUpAndLogin(server, 'flood-owner', 'Owner');
    agent = await signUpAndLogin(server, 'flood-agent', 'Agent');
  });
  afterAll(async () => {
    await server?.close();
  });

  async function qrAliasWithAgent(): Promise<string> {
    const res = await server.api('/api/account/qrcode/create', {
      token: owner.token,
      body: { type: 'qrcode', title: 'Desk', start_time: hoursFromNow(0) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const added = await server.api('/api/account/qrcode/participant/add', {
      token: owner.token,
      body: { alias: res.body.name, account: agent.email },
    });
    expect(added.status).toBe(201);
    return res.body.name as string;
  }

  const call = (alias: string, address: string, name = 'Flood') =>
    server.api('/1-1/send', {
      body: { type: 'call', alias, display_name: name },
      headers: { 'x-forwarded-for': address },
    });

  async function missedOf(alias: string): Promise<number> {
    const res = await server.api('/api/v1/message/get?limit=100', { token: agent.token });
    expect(res.status).toBe(200);
    return (res.body.items as Array<{ kind: string; data: { qr_alias?: string } }>).filter(
      (n) => n.kind === 'missed_call' && n.data.qr_alias === alias,
    ).length;
  }

  it('60 anonymous calls from one address in 2 s: limited, and the agent gets one missed call', async () => {
    const alias = await qrAliasWithAgent();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => call(alias, '203.0.113.7', `Flood ${i}`)),
    );
    const ok = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status === 429);
    expect(ok.length).toBe(CALLS_PER_ADDRESS);
    expect(limited.length).toBe(60 - CALLS_PER_ADDRESS);
    expect(limited[0]!.body.error).toMatchObject({ code: 'too_many_requests' });
    // Nobody was online: every accepted call was missed, and they collapse into one.
    for (const a of ok) expect(a.body.state).toBe('busy');
    await new Promise((r) => setTimeout(r, 300));
    expect(await missedOf(alias)).toBe(1);
    // Another address still reaches the alias (the limit is per address).
    expect((await call(alias, '198.51.100.9')).status).toBe(200);
  });

  it('calls to one alias from many addresses are limited per alias; other aliases still ring', async () => {
    const alias = await qrAliasWithAgent();
    const answers = await Promise.all(
      Array.from({ length: CALLS_PER_ALIAS + 5 }, (_, i) =>
        call(alias, `192.0.2.${(i % 250) + 1}`),
      ),
    );
    expect(answers.filter((a) => a.status === 200).length).toBe(CALLS_PER_ALIAS);
    expect(answers.filter((a) => a.status === 429).length).toBe(5);
    const other = await qrAliasWithAgent();
    expect((await call(other, '192.0.2.1')).status).toBe(200);
  });
});
