import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiPaths } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { hoursFromNow, signUpAndLogin, type SignedIn } from './events-support.ts';
import { aliases } from '../src/store/schema.ts';

const EVENT_MAX_FAILURES = 50;
// Long enough for the whole burst to land inside one back-off, even on a busy machine.
const BACKOFF_MS = 6000;
const PASSCODE_LENGTH = {
  code: 'validation_failed',
  fields: { passcode: 'Passcode must be between 6 and 32 characters' },
};

describe.each(STORE_KINDS)('passcode guessing across addresses on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  let address = 0;

  /** verify-call from a fresh client address each time (behind a trusted proxy). */
  function verifyFromNewAddress(body: unknown, token?: string) {
    address += 1;
    const ip = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    return server.api(apiPaths.events.verifyCall, {
      body,
      headers: { 'x-forwarded-for': ip },
      ...(token ? { token } : {}),
    });
  }

  async function event(passcode: string) {
    const res = await server.api(apiPaths.events.create, {
      body: { title: 'Board meeting', start_time: hoursFromNow(1), passcode },
      token: owner.token,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; name: string };
  }

  beforeAll(async () => {
    server = await startTestServer(kind, {
      TRUST_PROXY: '1',
      VERIFY_CALL_EVENT_MAX_FAILURES: String(EVENT_MAX_FAILURES),
      VERIFY_CALL_EVENT_BACKOFF_MS: String(BACKOFF_MS),
    });
    owner = await signUpAndLogin(server, 'guarded', 'Lan Host');
  });
  afterAll(async () => {
    await server.close();
  });

  it('200 wrong passcodes from 200 addresses are not all judged; the host is told once; the back-off ends', async () => {
    const a = await event('Right-123456');
    const statuses: number[] = [];
    // In parallel batches, as a botnet would send them.
    for (let batch = 0; batch < 10; batch++) {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          verifyFromNewAddress({ alias: a.name, passcode: `guess-${batch}-${i}` }),
        ),
      );
      statuses.push(...results.map((r) => r.status));
    }
    const judged = statuses.filter((s) => s === 400).length;
    const held = statuses.filter((s) => s === 429).length;
    expect(judged).toBe(EVENT_MAX_FAILURES);
    expect(held).toBe(200 - EVENT_MAX_FAILURES);

    // During the back-off even the right passcode waits, from an address that never failed...
    const waiting = await verifyFromNewAddress({ alias: a.name, passcode: 'Right-123456' });
    expect(waiting.status).toBe(429);
    expect(waiting.body.error).toMatchObject({ code: 'too_many_requests' });
    // ...while the host (signed in) still opens the event.
    const host = await verifyFromNewAddress({ alias: a.name }, owner.token);
    expect(host.status).toBe(200);
    expect(host.body.role).toBe('host');

    // The host is told, once for the whole burst.
    const list = await server.api(`${apiPaths.notifications.list}?limit=50`, {
      token: owner.token,
    });
    expect(list.status).toBe(200);
    const notices = (
      list.body.items as Array<{ kind: string; data: Record<string, unknown> }>
    ).filter((n) => n.kind === 'passcode_guessing');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data).toMatchObject({ alias: a.name, title: 'Board meeting' });

    await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS + 200));
    const after = await verifyFromNewAddress({ alias: a.name, passcode: 'Right-123456' });
    expect(after.status).toBe(200);
    expect(after.body.role).toBe('guest');
  });

  it('one event under attack does not hold another', async () => {
    const a = await event('Alpha-123456');
    const b = await event('Bravo-123456');
    for (let i = 0; i < EVENT_MAX_FAILURES; i++) {
      await verifyFromNewAddress({ alias: a.name, passcode: `nope-${i}` });
    }
    expect((await verifyFromNewAddress({ alias: a.name, passcode: 'Alpha-123456' })).status).toBe(
      429,
    );
    expect((await verifyFromNewAddress({ alias: b.name, passcode: 'Bravo-123456' })).status).toBe(
      200,
    );
  });

  it('new events need a passcode of at least 6 characters; an existing shorter one keeps working', async () => {
    const short = await server.api(apiPaths.events.create, {
      body: { title: 'Short', start_time: hoursFromNow(1), passcode: '1234' },
      token: owner.token,
    });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject(PASSCODE_LENGTH);

    // An event made before the rule, with a 4-character passcode.
    const legacy = await event('Legacy-123456');
    await server.podium.services.store.db
      .update(aliases)
      .set({ passcode: '1234' })
      .where(eq(aliases.id, legacy.id));
    expect((await verifyFromNewAddress({ alias: legacy.name, passcode: '1234' })).status).toBe(200);
    // Editing it with the same passcode is fine; changing to another short one is not.
    const same = await server.api(apiPaths.events.update, {
      body: { id: legacy.id, title: 'Legacy, renamed', passcode: '1234' },
      token: owner.token,
    });
    expect(same.status).toBe(200);
    const changed = await server.api(apiPaths.events.update, {
      body: { id: legacy.id, passcode: '5678' },
      token: owner.token,
    });
    expect(changed.status).toBe(400);
    expect(changed.body.error).toMatchObject(PASSCODE_LENGTH);
  });
});
