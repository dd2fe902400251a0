import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletMessages, apiPaths } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import { walletCommand } from '../src/services/wallet/cli-command.ts';

describe.each(STORE_KINDS)('wallet API on %s', (kind) => {
  let server: TestServer;
  let alice: SignedIn;

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await signUpAndLogin(server, 'wallet', 'Alice Nguyễn');
  });
  afterAll(async () => {
    await server.close();
  });

  const balance = async (who: SignedIn) => {
    const res = await server.api('/api/account/wallet/list', { token: who.token });
    expect(res.status).toBe(200);
    return res.body as Array<{ unit: string; value: number }>;
  };
  const credit = (who: SignedIn, body: Record<string, unknown>) =>
    server.api(apiPaths.wallet.devCredit, { token: who.token, body });
  const graphql = (query: string, headers: Record<string, string> = {}) =>
    server.api('/graphql/v1', { body: { query }, headers });

  it('answers 401 without a token', async () => {
    for (const path of ['/api/account/wallet/list', '/api/account/wallet/transfers']) {
      const res = await server.api(path);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
    expect(
      (await credit({ ...alice, token: 'nope' }, { amount: 1, idempotency_key: 'x' })).status,
    ).toBe(401);
  });

  it('lists every unit, credits once per key, refuses a reused key with another body', async () => {
    const bob = await signUpAndLogin(server, 'wallet-bob');
    expect(await balance(bob)).toEqual([{ unit: 'coin', value: 0 }]);

    const first = await credit(bob, { amount: 250, unit: 'coin', idempotency_key: 'top-up-1' });
    expect(first.status).toBe(200);
    expect(first.body.replayed).toBe(false);
    expect(first.body.balances).toEqual([{ unit: 'coin', value: 250 }]);

    const again = await credit(bob, { amount: '250', unit: 'coin', idempotency_key: 'top-up-1' });
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect(again.body.transfer.id).toBe(first.body.transfer.id);

    const other = await credit(bob, { amount: 999, unit: 'coin', idempotency_key: 'top-up-1' });
    expect(other.status).toBe(409);
    expect(other.body.error.key).toBe('wallet.key_reused');
    expect(await balance(bob)).toEqual([{ unit: 'coin', value: 250 }]);
  });

  it('refuses bad amounts, units and keys with field messages, and moves nothing', async () => {
    const carol = await signUpAndLogin(server, 'wallet-carol');
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ amount: -5 }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ amount: 'abc' }, 'amount'],
      [{ amount: 1.5 }, 'amount'],
      [{ amount: '1e3' }, 'amount'],
      [{ amount: ' ' }, 'amount'],
      [{ amount: null }, 'amount'],
      [{ amount: 1e20 }, 'amount'],
      [{ amount: '123456789012345678901234567890' }, 'amount'],
      [{ amount: 1_000_000_001 }, 'amount'],
      [{ amount: 10, unit: 'gold' }, 'unit'],
      [{ amount: 10, unit: 'COIN' }, 'unit'],
      [{ amount: 10, idempotency_key: '' }, 'idempotency_key'],
      [{ amount: 10, idempotency_key: 'has space' }, 'idempotency_key'],
      [{ amount: 10, idempotency_key: 'k'.repeat(129) }, 'idempotency_key'],
    ];
    for (const [patch, field] of bad) {
      const res = await credit(carol, { idempotency_key: 'bad-1', unit: 'coin', ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(Object.keys(res.body.error.fields)).toContain(field);
    }
    const missing = await credit(carol, {});
    expect(missing.status).toBe(400);
    expect(await balance(carol)).toEqual([{ unit: 'coin', value: 0 }]);
    const history = await server.api('/api/account/wallet/transfers', { token: carol.token });
    expect(history.body.transfers).toEqual([]);
  });

  it('pages the history newest first', async () => {
    const dan = await signUpAndLogin(server, 'wallet-dan');
    for (const amount of [1, 2, 3]) {
      expect((await credit(dan, { amount, idempotency_key: `h-${amount}` })).status).toBe(200);
    }
    const page1 = await server.api('/api/account/wallet/transfers?limit=2', { token: dan.token });
    expect(page1.status).toBe(200);
    expect(page1.body.transfers.map((t: { amount: number }) => t.amount)).toEqual([3, 2]);
    expect(page1.body.transfers[0]).toMatchObject({
      kind: 'credit',
      unit: 'coin',
      counterparty: null,
    });
    expect(page1.body.next).toEqual(expect.any(String));
    const page2 = await server.api(
      `/api/account/wallet/transfers?limit=2&before=${page1.body.next}`,
      { token: dan.token },
    );
    expect(page2.body.transfers.map((t: { amount: number }) => t.amount)).toEqual([1]);
    expect(page2.body.next).toBeNull();
    for (const q of ['before=abc', 'before=-1', 'limit=0', 'limit=1000', 'limit=x']) {
      const res = await server.api(`/api/account/wallet/transfers?${q}`, { token: dan.token });
      expect(res.status, q).toBe(400);
    }
  });

  it('GraphQL: wallet_balance takes the Authorization-Quickom header; monitor profile; addresses', async () => {
    const erin = await signUpAndLogin(server, 'wallet-erin');
    await credit(erin, { amount: 42, idempotency_key: 'gql' });

    const viaQuickom = await graphql('{ wallet_balance { unit value } }', {
      'Authorization-Quickom': erin.token,
    });
    expect(viaQuickom.status).toBe(200);
    expect(viaQuickom.body.data.wallet_balance).toEqual([{ unit: 'coin', value: 42 }]);
    const bearer = await graphql('{ wallet_balance { unit value } }', {
      'Authorization-Quickom': `Bearer ${erin.token}`,
    });
    expect(bearer.body.data.wallet_balance).toEqual([{ unit: 'coin', value: 42 }]);

    const anonymous = await graphql('{ wallet_balance { unit value } }');
    expect(anonymous.body.errors[0].extensions.code).toBe('unauthorized');
    const wrongHeader = await graphql('{ wallet_balance { unit value } }', {
      'Authorization-Quickom': 'not-a-token',
    });
    expect(wrongHeader.body.errors[0].extensions.code).toBe('unauthorized');

    const auth = { authorization: `Bearer ${erin.token}` };
    const monitor = await graphql(
      '{ monitor_profile { id credit debt email first_name last_name } }',
      auth,
    );
    expect(monitor.body.data.monitor_profile).toMatchObject({
      id: erin.id,
      credit: 42,
      debt: 0,
      email: erin.email,
    });
    expect((await graphql('{ monitor_profile { id } }')).body.errors[0].extensions.code).toBe(
      'unauthorized',
    );

    const address = async (who: SignedIn, chain: string) =>
      graphql(`{ blockchain_account(chain_name: "${chain}") { chain_name address } }`, {
        authorization: `Bearer ${who.token}`,
      });
    const eth = (await address(erin, 'ethereum')).body.data.blockchain_account;
    expect(eth.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect((await address(erin, 'ethereum')).body.data.blockchain_account.address).toBe(
      eth.address,
    );
    expect((await address(erin, 'polygon')).body.data.blockchain_account.address).not.toBe(
      eth.address,
    );
    expect((await address(alice, 'ethereum')).body.data.blockchain_account.address).not.toBe(
      eth.address,
    );
    expect((await address(erin, 'tron')).body.data.blockchain_account.address).toMatch(
      /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
    );
    expect((await address(erin, 'solana')).body.data.blockchain_account.address).toMatch(
      /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
    );
    const unknown = await address(erin, 'dogecoin');
    expect(unknown.body.errors[0].message).toBe(walletMessages['wallet.chain_unknown'].en);
    expect(unknown.body.errors[0].extensions.key).toBe('wallet.chain_unknown');
  });

  it('the operator CLI credits by email or id through the same ledger, once per key', async () => {
    const fay = await signUpAndLogin(server, 'wallet-fay');
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) };
    const wallet = server.podium.services.wallet;

    expect(
      await walletCommand(['credit', fay.email, '300', 'coin', '--key', 'op-1'], wallet, io),
    ).toBe(0);
    expect(await walletCommand(['credit', fay.id, '300', 'coin', '--key=op-1'], wallet, io)).toBe(
      0,
    );
    expect(lines.join('\n')).toContain('already applied');
    expect(await balance(fay)).toEqual([{ unit: 'coin', value: 300 }]);

    lines.length = 0;
    expect(
      await walletCommand(['credit', fay.email, '5', 'coin', '--key', 'op-1'], wallet, io),
    ).toBe(1);
    expect(lines.join('\n')).toContain(walletMessages['wallet.key_reused'].en);
    for (const args of [
      ['credit', fay.email, '-3', 'coin'],
      ['credit', fay.email, '2.5', 'coin'],
      ['credit', fay.email, '10', 'gold'],
      ['credit', fay.email, '10'],
      ['debit', fay.email, '10', 'coin'],
    ]) {
      expect(await walletCommand(args, wallet, io), args.join(' ')).toBe(2);
    }
    expect(await walletCommand(['credit', 'nobody@example.test', '10', 'coin'], wallet, io)).toBe(
      1,
    );
    expect(await balance(fay)).toEqual([{ unit: 'coin', value: 300 }]);
  });
});
