import { renderInRoom, testParticipant } from '../../../../test/room.tsx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  act,
  cleanup,
  configure,
  fireEvent,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import type { GiftView, Language, ParticipantView } from '@podium/protocol';
import { cookieTokenStore } from '../../../../shared/api/tokens.ts';
import { useSessionStore } from '../../../../shared/session/store.ts';
import {
  startStubServer,
  type Handler,
  type RecordedRequest,
} from '../../../../test/stubServer.ts';
import { GiftPanel } from './GiftPanel.tsx';
import { GiftsButton } from './GiftsButton.tsx';

configure({ asyncUtilTimeout: 8000 });
const FLOW = { timeout: 20_000 };
const ROOM = '6f1c1a52-8d3e-4c1b-9a57-0d1e2f3a4b5c';

const person = testParticipant;

const catalogue: GiftView[] = [
  {
    id: 'rose',
    names: { en: 'Rose', vi: 'Hoa hồng' },
    image: '/gifts/rose.svg',
    price: 10,
    unit: 'coin',
  },
  {
    id: 'trophy',
    names: { en: 'Trophy', vi: 'Cúp vàng' },
    image: '/gifts/trophy.svg',
    price: 500,
    unit: 'coin',
  },
];

const notEnough = {
  status: 409,
  body: {
    error: {
      code: 'not_enough_balance',
      message: 'not enough balance to give this gift',
      key: 'wallet.not_enough_balance',
      fields: { amount: 'not enough balance to give this gift' },
    },
  },
};

const transfer = (id: string, amount: number) => ({
  transfer: {
    id,
    kind: 'gift',
    unit: 'coin',
    amount,
    gift_id: 'rose',
    created_at: '2026-11-21T10:00:00.000Z',
  },
  replayed: false,
  balances: [{ unit: 'coin', value: 100 - amount }],
});

let server: Awaited<ReturnType<typeof startStubServer>> | null = null;
const realFetch = globalThis.fetch;

async function serve(give: Handler, wallet: unknown[] = [{ unit: 'coin', value: 100 }]) {
  server = await startStubServer({
    'GET /api/gifts': () => ({ body: { gifts: catalogue } }),
    'GET /api/account/wallet/list': () => ({ body: wallet }),
    'POST /api/gifts/give': give,
  });
  const base = server.url;
  globalThis.fetch = (input, init) =>
    realFetch(new URL(typeof input === 'string' ? input : String(input), base), init);
}

const gives = (): RecordedRequest[] =>
  server?.requests.filter((r) => r.method === 'POST' && r.url === '/api/gifts/give') ?? [];

/** The panel in a room where `self` is one of: Bao (account), Giang (guest), Chi (account). */
function show(
  self: ParticipantView,
  language: Language = 'en',
  what: 'panel' | 'button' = 'panel',
) {
  return renderInRoom(what === 'panel' ? <GiftPanel roomId={ROOM} /> : <GiftsButton />, {
    self,
    participants: [
      person('p-bao', { name: 'Bao', role: 'host' }),
      self,
      person('p-giang', { name: 'Giang', guest: true }),
      person('p-chi', { name: 'Chi' }),
    ],
    language,
  });
}

const me = person('p-me', { name: 'Minh' });

beforeEach(() => {
  cookieTokenStore.save({ authorization: 'tok', renewal_token: 'ren' });
  useSessionStore.getState().setSignedIn(true);
});

afterEach(async () => {
  cleanup();
  globalThis.fetch = realFetch;
  cookieTokenStore.clear();
  await server?.close();
  server = null;
});

async function click(name: string) {
  await act(async () => {
    fireEvent.click(await screen.findByRole('button', { name }));
  });
}

describe('gift panel in the call', FLOW, () => {
  it('offers the signed-in people here other than oneself; shows the balance', async () => {
    await serve(() => ({ body: transfer('t1', 10) }));
    show(me);
    expect(await screen.findByText('Your balance: 100 coins')).toBeTruthy();
    const receiver = screen.getByRole('combobox', { name: 'Receiver' });
    const options = within(receiver)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Bao', 'Chi']);
    expect(await screen.findByRole('button', { name: 'Give Rose (10 coins)' })).toBeTruthy();
  });

  it('shows a balance of 0 for a wallet that never held coins', async () => {
    await serve(() => ({ body: transfer('t1', 10) }), []);
    show(me);
    expect(await screen.findByText('Your balance: 0 coins')).toBeTruthy();
  });

  it('gives to the chosen person; the balance follows the answer', async () => {
    await serve(() => ({ body: transfer('t1', 10) }));
    show(me);
    fireEvent.change(screen.getByRole('combobox', { name: 'Receiver' }), {
      target: { value: 'p-chi' },
    });
    await click('Give Rose (10 coins)');
    expect((await screen.findByRole('status')).textContent).toBe('Gift sent');
    expect(await screen.findByText('Your balance: 90 coins')).toBeTruthy();
    expect(gives()).toHaveLength(1);
    expect(gives()[0]!.body).toMatchObject({ room: ROOM, to: 'p-chi', gift_id: 'rose' });
    expect(gives()[0]!.headers.authorization).toBe('Bearer tok');
  });

  it.each([
    ['en', 'Give Trophy (500 coins)', 'not enough balance to give this gift'],
    ['vi', 'Tặng Cúp vàng (500 xu)', 'không đủ số dư để tặng quà này'],
  ] as const)('says when the balance is short (%s)', async (language, button, message) => {
    await serve(() => notEnough);
    show(me, language);
    await click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('a retry of the same choice reuses its idempotency key; a new choice gets a new one', async () => {
    let answers = 0;
    await serve(() => {
      answers += 1;
      return answers === 1
        ? { status: 503, body: { error: { code: 'unavailable', message: 'Try again' } } }
        : { body: transfer(`t${answers}`, 10) };
    });
    show(me);
    await click('Give Rose (10 coins)');
    expect(await screen.findByRole('alert')).toBeTruthy();
    await click('Give Rose (10 coins)');
    expect((await screen.findByRole('status')).textContent).toBe('Gift sent');
    await click('Give Rose (10 coins)');
    await waitFor(() => expect(gives()).toHaveLength(3));
    const keys = gives().map((r) => (r.body as { idempotency_key: string }).idempotency_key);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it.each([
    ['a guest', person('p-me', { name: 'Minh', guest: true }), true],
    ['someone not signed in', me, false],
  ] as const)('%s sees the sign-in hint instead', async (_who, self, signedIn) => {
    await serve(() => ({ body: transfer('t1', 10) }));
    useSessionStore.getState().setSignedIn(signedIn);
    show(self);
    expect(screen.getByText('Sign in to give gifts.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Receiver' })).toBeNull();
    expect(gives()).toHaveLength(0);
  });

  it.each([
    ['en', 'Gifts', 'Send a gift', 'Close gifts'],
    ['vi', 'Quà tặng', 'Gửi quà', 'Đóng quà tặng'],
  ] as const)(
    'the toolbar button opens and closes the panel (%s)',
    async (language, open, title, close) => {
      await serve(() => ({ body: transfer('t1', 10) }));
      show(me, language, 'button');
      expect(screen.queryByRole('heading', { name: title })).toBeNull();
      await click(open);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('heading', { name: title })).toBeTruthy();
      await click(close);
      await waitFor(() => expect(screen.queryByRole('heading', { name: title })).toBeNull());
    },
  );
});
