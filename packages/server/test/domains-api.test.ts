import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { accounts } from '../src/store/schema.ts';
import { domainCommand, type CliIo } from '../src/services/domains/cli-command.ts';

function captureIo(): CliIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l) };
}

describe.each(STORE_KINDS)('organization domains on %s', (kind) => {
  let server: TestServer;
  const registry = () => server.podium.services.domains.registry;

  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_MAX_ATTEMPTS: '1000' });
    const io = captureIo();
    const code = await domainCommand(
      ['add', 'acme.test', '--url', 'https://meet.acme.test/', '--name', 'Acme'],
      registry(),
      io,
    );
    expect(io.errors).toEqual([]);
    expect(code).toBe(0);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the CLI adds, lists and removes domains and refuses bad input', async () => {
    const io = captureIo();
    expect(
      await domainCommand(
        ['add', 'Other.Test', '--url', 'https://other.test', '--signal', 'wss://sig.other.test'],
        registry(),
        io,
      ),
    ).toBe(0);
    expect(JSON.parse(io.lines[0] ?? '{}')).toMatchObject({
      domain: 'other.test',
      environment: { ACC_API_URL: 'https://other.test', SIGNAL_CONTROLLER: 'wss://sig.other.test' },
    });
    await domainCommand(['list'], registry(), io);
    expect(io.lines.slice(1).map((l) => (JSON.parse(l) as { domain: string }).domain)).toEqual([
      'acme.test',
      'other.test',
    ]);
    expect(await domainCommand(['remove', 'other.test'], registry(), io)).toBe(0);
    expect(await domainCommand(['remove', 'other.test'], registry(), io)).toBe(1);
    const bad = captureIo();
    expect(await domainCommand(['add', 'not a domain', '--url', 'x'], registry(), bad)).toBe(2);
    expect(bad.errors.join('\n')).toMatch(/domain: Enter a domain/);
    expect(await domainCommand(['add', 'ok.test'], registry(), bad)).toBe(2);
    expect(bad.errors.join('\n')).toMatch(/give --url/);
    expect(await domainCommand(['frobnicate'], registry(), bad)).toBe(2);
  });

  it('POST /member/v1/find-domain answers the environment of a domain, an email or a subdomain', async () => {
    const expected = {
      domain: 'acme.test',
      name: 'Acme',
      environment: {
        MAIN_DOMAIN: 'https://meet.acme.test',
        ACC_API_URL: 'https://meet.acme.test',
        WEBRTC_BASE_API_URL: 'https://meet.acme.test',
        CONFERENCE_API_URL: 'https://meet.acme.test',
        SIGNAL_CONTROLLER: 'wss://meet.acme.test',
      },
    };
    for (const domain of [
      'acme.test',
      'ACME.test',
      'jane@acme.test',
      'https://video.acme.test/x',
    ]) {
      const res = await server.api('/member/v1/find-domain', { body: { domain } });
      expect(res.status, domain).toBe(200);
      expect(res.body).toEqual(expected);
    }
    const unknown = await server.api('/member/v1/find-domain', { body: { domain: 'nope.test' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({
      key: 'errors.domain_unknown',
      message: 'No organization uses this domain on this server',
    });
    for (const domain of ['', 'localhost', '-bad-.test', 'a'.repeat(400)]) {
      const res = await server.api('/member/v1/find-domain', { body: { domain } });
      expect(res.status, domain).toBe(400);
      expect(res.body.error.fields.domain).toBeDefined();
    }
  });

  it('GET /list.json publishes this server as the environment, readable from any origin', async () => {
    const res = await fetch(`${server.url}/list.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({
      ACC_API: server.url,
      CALL_CONFIG: server.url,
      CONFERENCE_API: server.url,
      SIGNAL_CONTROLLER: server.url.replace(/^http/, 'ws'),
    });
  });

  it('enterprise login-tts signs in members only; status/update stores the availability', async () => {
    const password = 'correct horse battery';
    const member = await server.api('/api/v1/user/signup', {
      body: { email: `jane${Date.now()}@acme.test`, password },
    });
    const outsider = await server.api('/api/v1/user/signup', {
      body: { email: `joe${Date.now()}@elsewhere.test`, password },
    });
    for (const r of [member, outsider]) {
      await server.podium.services.store.db
        .update(accounts)
        .set({ emailVerified: true, accountStatus: 'active' })
        .where(eq(accounts.id, r.body.account.id as string));
    }

    const login = await fetch(`${server.url}/apiv1/enterprise/login-tts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ domain: 'acme.test', username: member.body.account.email, password }),
    });
    const body = (await login.json()) as { authorization: string; member_status: string };
    expect(login.status).toBe(200);
    expect(login.headers.get('authorization')).toBe(body.authorization);
    expect(body).toMatchObject({
      domain: 'acme.test',
      member_status: 'online',
      environment: { ACC_API_URL: 'https://meet.acme.test' },
    });

    const busy = await server.api('/apiv1/enterprise/status/update', {
      body: { domain: 'acme.test', status: 'busy' },
      token: body.authorization,
    });
    expect(busy.status).toBe(200);
    expect(busy.body).toMatchObject({ domain: 'acme.test', status: 'busy' });
    expect(
      await server.podium.services.domains.memberStatus('acme.test', member.body.account.id),
    ).toBe('busy');

    const badStatus = await server.api('/apiv1/enterprise/status/update', {
      body: { domain: 'acme.test', status: 'asleep' },
      token: body.authorization,
    });
    expect(badStatus.status).toBe(400);
    const anonymous = await server.api('/apiv1/enterprise/status/update', {
      body: { domain: 'acme.test', status: 'busy' },
    });
    expect(anonymous.status).toBe(401);

    const refused = await server.api('/apiv1/enterprise/login-tts', {
      body: { domain: 'acme.test', username: outsider.body.account.email, password },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.key).toBe('errors.enterprise_not_member');
    const outsiderStatus = await server.api('/apiv1/enterprise/status/update', {
      body: { domain: 'acme.test', status: 'online' },
      token: outsider.body.authorization,
    });
    expect(outsiderStatus.status).toBe(403);

    const wrongPassword = await server.api('/apiv1/enterprise/login-tts', {
      body: { domain: 'acme.test', username: member.body.account.email, password: 'nope' },
    });
    expect(wrongPassword.status).toBe(401);
    const unknownDomain = await server.api('/apiv1/enterprise/login-tts', {
      body: { domain: 'nope.test', username: member.body.account.email, password },
    });
    expect(unknownDomain.status).toBe(404);
  });
});
