import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { WalletHistoryEntry } from '@podium/protocol';
import { appOverHttp, FLOW, resetAppState, testAccount } from '../../test/app.ts';
import { appOverServer, SERVER_START_MS } from '../../test/appOverServer.ts';

/** The real server, for a new account's wallet. */
const real = appOverServer();

const app = appOverHttp({ 'GET /api/account/details': () => ({ body: testAccount() }) });

function entry(id: string, amount: number, patch: Partial<WalletHistoryEntry> = {}) {
  return {
    id,
    kind: 'gift',
    unit: 'coin',
    amount,
    counterparty: { id: 'acc-2', name: 'Bình Phạm' },
    gift_id: 'rose',
    created_at: '2026-11-20T10:00:00.000Z',
    ...patch,
  } satisfies WalletHistoryEntry;
}

beforeAll(() => real.start(), SERVER_START_MS);
afterAll(() => real.stop());
beforeEach(() => resetAppState({ signedIn: true }));

afterEach(async () => {
  real.tearDown();
  await app.tearDown();
});

describe('wallet page', FLOW, () => {
  it('shows the balance and pages through the history', async () => {
    await app.serve({
      'GET /api/account/wallet/list': () => ({ body: [{ unit: 'coin', value: 1250 }] }),
      'GET /api/account/wallet/transfers': (req) =>
        req.url.includes('before=p2')
          ? {
              body: {
                transfers: [
                  entry('t3', 500, { kind: 'credit', counterparty: null, gift_id: null }),
                ],
                next: null,
              },
            }
          : {
              body: {
                transfers: [entry('t1', -30), entry('t2', 20, { kind: 'donation', gift_id: null })],
                next: 'p2',
              },
            },
    });
    app.render('/app/wallet');
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeTruthy();
    expect((await screen.findByLabelText('Coins')).textContent).toBe('1,250');
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('To Bình Phạm')).toBeTruthy();
    expect(within(history).getByText('−30 coins')).toBeTruthy();
    expect(within(history).getByText('+20 coins')).toBeTruthy();
    expect(within(history).queryByText('Added to your wallet')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    });
    expect(await within(history).findByText('Added to your wallet')).toBeTruthy();
    expect(within(history).getByText('+500 coins')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // Every request carried the token; the second page asked for what came before the first.
    const pages = app.server.requests.filter((r) =>
      r.url.startsWith('/api/account/wallet/transfers'),
    );
    expect(pages.map((r) => r.url)).toEqual([
      '/api/account/wallet/transfers',
      '/api/account/wallet/transfers?before=p2',
    ]);
    expect(pages.every((r) => r.headers.authorization === 'Bearer tok')).toBe(true);
  });

  it('has an empty state for a new account, in Vietnamese too', async () => {
    await real.account({ signIn: true });
    real.render('/app/wallet', { language: 'vi' });
    expect(await screen.findByRole('heading', { name: 'Ví' })).toBeTruthy();
    expect(await screen.findByText(/Chưa có giao dịch nào/)).toBeTruthy();
    expect((await screen.findByLabelText('Xu')).textContent).toBe('0');
  });

  it('reports a failed load with a retry', async () => {
    let fail = true;
    await app.serve({
      'GET /api/account/wallet/list': () =>
        fail
          ? {
              status: 500,
              body: { error: { code: 'internal_error', message: 'Error, please try again' } },
            }
          : { body: [{ unit: 'coin', value: 7 }] },
      'GET /api/account/wallet/transfers': () => ({ body: { transfers: [], next: null } }),
    });
    app.render('/app/wallet');
    expect(
      await screen.findByText('The wallet could not be loaded', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect((await screen.findByLabelText('Coins')).textContent).toBe('7');
  });
});
