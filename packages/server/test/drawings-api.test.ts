import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';

const stroke = (id: string, more: Record<string, unknown> = {}) => ({
  id,
  type: 'freedraw',
  version: 3,
  versionNonce: 11,
  isDeleted: false,
  index: 'a0',
  x: 10,
  y: 20,
  width: 30,
  height: 5,
  points: [
    [0, 0],
    [30, 5],
  ],
  strokeColor: '#c52428',
  ...more,
});

/** /draw's personal board saved to the account (issue 14 item 1). */
describe.each(STORE_KINDS)('drawings API on %s', (kind) => {
  let server: TestServer;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await signUpAndLogin(server, 'draw-alice', 'Alice Nguyễn');
    bob = await signUpAndLogin(server, 'draw-bob');
  });
  afterAll(() => server.close());

  const save = (who: SignedIn, elements: unknown[]) =>
    server.api(apiPaths.drawing.mine, { token: who.token, body: { elements } });

  it('keeps each account its own drawing, without deleted elements', async () => {
    const empty = await server.api(apiPaths.drawing.mine, { token: alice.token });
    expect(empty).toMatchObject({ status: 200, body: { elements: [], updated_at: null } });

    const saved = await save(alice, [stroke('s1'), stroke('s2', { isDeleted: true, index: 'a1' })]);
    expect(saved.status).toBe(200);
    expect(saved.body.elements).toEqual([stroke('s1')]);

    const again = await server.api(apiPaths.drawing.mine, { token: alice.token });
    expect(again.body.elements).toEqual([stroke('s1')]);
    expect(typeof again.body.updated_at).toBe('string');
    expect((await server.api(apiPaths.drawing.mine, { token: bob.token })).body.elements).toEqual(
      [],
    );
  });

  it('needs a signed-in account and refuses what a board cannot hold', async () => {
    expect((await server.api(apiPaths.drawing.mine)).status).toBe(401);
    const image = await save(alice, [stroke('img', { type: 'image', fileId: 'x' })]);
    expect(image.status).toBe(400);
    expect(image.body.error).toMatchObject({ code: expect.any(String) });
    expect(image.body.error.fields).toBeDefined();
    expect((await save(alice, [stroke('bad', { version: -1 })])).status).toBe(400);
    // The stored drawing is untouched by refused saves.
    expect((await server.api(apiPaths.drawing.mine, { token: alice.token })).body.elements).toEqual(
      [stroke('s1')],
    );
  });
});
