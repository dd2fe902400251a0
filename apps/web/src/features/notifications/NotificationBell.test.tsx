import '../../test/dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Language, NotificationView } from '@podium/protocol';
import { AppProviders } from '../../app/AppProviders.tsx';
import { createQueryClient } from '../../shared/api/index.ts';
import { cookieTokenStore } from '../../shared/api/tokens.ts';
import { AccountChannelContext } from '../../shared/account-channel/index.ts';
import { AccountChannelClient } from '../../shared/account-channel/client.ts';
import { createSocket, TestChannel } from '../../shared/account-channel/testChannel.ts';
import { createI18n } from '../../shared/i18n/index.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { startStubServer } from '../../test/stubServer.ts';
import { NotificationBell } from './NotificationBell.tsx';
import { useNotificationPanel } from './panel.ts';

const FLOW = { timeout: 60_000 };
// Two shared cores: a loopback round trip and a re-render can take longer than the 1 s default.
configure({ asyncUtilTimeout: 8000 });
const realFetch = globalThis.fetch;

/** The server's notification rules, enough to drive the center over real HTTP. */
function makeStore(count: number) {
  const items: NotificationView[] = [];
  for (let i = 1; i <= count; i++) {
    items.push({
      id: i,
      kind: 'gift_received',
      is_read: false,
      created_at: '2026-11-20T10:00:00.000Z',
      data: { sender_name: `Sender ${i}`, gift_name: 'Rose', amount: i, unit: 'coin' },
    });
  }
  const unread = () => items.filter((n) => !n.is_read).length;
  return { items, unread };
}

let http: Awaited<ReturnType<typeof startStubServer>> | null = null;
let channel: TestChannel | null = null;
let client: AccountChannelClient | null = null;

afterEach(async () => {
  cleanup();
  client?.stop();
  globalThis.fetch = realFetch;
  cookieTokenStore.clear();
  useSessionStore.getState().setSignedIn(false);
  // The open/closed state is app-wide (the phone menu opens it too): each test starts closed.
  useNotificationPanel.getState().setOpened(false);
  await http?.close();
  await channel?.close();
  http = channel = client = null;
});

async function setUp(store: ReturnType<typeof makeStore>, language: Language = 'en') {
  http = await startStubServer({
    'GET /api/v1/message/count': () => ({ body: { count: store.unread() } }),
    'GET /api/v1/message/get': (req) => {
      const query = new URL(req.url, 'http://x').searchParams;
      const from = query.get('from_id');
      const limit = Number(query.get('limit'));
      const older = [...store.items]
        .sort((a, b) => b.id - a.id)
        .filter((n) => from === null || n.id < Number(from));
      const page = older.slice(0, limit);
      return {
        body: {
          items: page,
          next_from_id: older.length > limit ? (page.at(-1)?.id ?? null) : null,
          unread: store.unread(),
        },
      };
    },
    'POST /api/v1/message/update-read-status': (req) => {
      const body = req.body as { ids?: number[]; all?: true; is_read: boolean };
      let updated = 0;
      for (const n of store.items) {
        if ((body.all || body.ids?.includes(n.id)) && n.is_read !== body.is_read) {
          n.is_read = body.is_read;
          updated += 1;
        }
      }
      return { body: { updated, unread: store.unread() } };
    },
    'POST /api/v1/message/delete': (req) => {
      const ids = (req.body as { ids: number[] }).ids;
      const before = store.items.length;
      store.items.splice(0, store.items.length, ...store.items.filter((n) => !ids.includes(n.id)));
      return { body: { updated: before - store.items.length, unread: store.unread() } };
    },
  });
  const base = http.url;
  globalThis.fetch = (input, init) =>
    realFetch(new URL(typeof input === 'string' ? input : String(input), base), init);
  cookieTokenStore.save({ authorization: 'tok', renewal_token: 'ren' });
  useSessionStore.getState().setSignedIn(true);

  const live = await TestChannel.start();
  channel = live;
  live.valid.add('cred');
  client = new AccountChannelClient({
    url: live.url,
    createSocket,
    authenticate: async () => 'cred',
  });
  client.start();
  await waitFor(() => expect(live.sockets.size).toBe(1));

  render(
    <AppProviders queryClient={createQueryClient()} i18n={createI18n(language)} env="test">
      <AccountChannelContext.Provider value={client}>
        <MemoryRouter>
          <NotificationBell />
        </MemoryRouter>
      </AccountChannelContext.Provider>
    </AppProviders>,
  );
  return live;
}

describe('notification center', FLOW, () => {
  it('shows the unread count, lists per kind, marks read, deletes and loads more', async () => {
    const store = makeStore(21);
    store.items[0] = {
      id: 1,
      kind: 'invitation',
      is_read: false,
      created_at: '2026-11-20T09:00:00.000Z',
      data: {
        alias: 'weekly-sync',
        title: 'Weekly sync',
        host_name: 'Mai Trần',
        start_time: '2026-11-22T08:00:00.000Z',
      },
    };
    store.items[1] = {
      id: 2,
      kind: 'missed_call',
      is_read: false,
      created_at: '2026-11-20T09:30:00.000Z',
      data: { qr_alias: 'front-desk', visitor_name: 'Lan', at: '2026-11-20T09:30:00.000Z' },
    };
    await setUp(store);

    const bell = await screen.findByLabelText('Notifications, 21 unread', { selector: 'button' });
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(dialog).findByText('Sender 21 sent you Rose (21 coin)');
    const list = within(dialog).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getAllByText('You received a gift')).toHaveLength(19);

    // Mark the newest as read.
    const newest = within(list).getAllByRole('listitem')[0]!;
    fireEvent.click(within(newest).getByRole('button', { name: 'Mark as read' }));
    await screen.findByLabelText('Notifications, 20 unread', { selector: 'button' });
    expect(store.items.find((n) => n.id === 21)?.is_read).toBe(true);
    await within(newest).findByRole('button', { name: 'Mark as unread' });

    // The missed call is on the first page, the invitation on the last; both in words.
    fireEvent.click(within(dialog).getByText('Load more'));
    await within(dialog).findByText('Invitation: Weekly sync');
    expect(within(dialog).getByText(/Mai Trần invited you to an event starting/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open event' }).getAttribute('href')).toBe(
      '/j/weekly-sync',
    );
    expect(within(dialog).getByText(/Lan called front-desk at/)).toBeTruthy();
    expect(within(dialog).queryByText('Load more')).toBeNull();

    // Delete the invitation.
    const invitation = within(dialog).getByText('Invitation: Weekly sync').closest('li')!;
    fireEvent.click(
      within(invitation as HTMLElement).getByRole('button', { name: 'Delete notification' }),
    );
    await waitFor(() => expect(within(dialog).queryByText('Invitation: Weekly sync')).toBeNull());
    expect(store.items.some((n) => n.id === 1)).toBe(false);
    await screen.findByLabelText('Notifications, 19 unread', { selector: 'button' });

    // Mark all read: the badge goes, the button is disabled.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await screen.findByLabelText('Notifications', { selector: 'button' });
    expect(store.unread()).toBe(0);
    expect(
      (within(dialog).getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('updates the badge and the open list live from the account channel (Vietnamese)', async () => {
    const store = makeStore(0);
    const live = await setUp(store, 'vi');
    const bell = await screen.findByLabelText('Thông báo', { selector: 'button' });
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Thông báo' });
    await within(dialog).findByText('Chưa có thông báo nào');

    const pushed: NotificationView = {
      id: 7,
      kind: 'gift_received',
      is_read: false,
      created_at: '2026-11-21T10:00:00.000Z',
      data: { sender_name: 'Bình', gift_name: 'Hoa hồng', amount: 1500, unit: 'coin' },
    };
    store.items.push(pushed);
    live.push({ type: 'notification', notification: pushed, unread: 1 });
    await screen.findByLabelText('Thông báo, 1 chưa đọc', { selector: 'button' });
    await within(dialog).findByText('Bình đã gửi bạn Hoa hồng (1.500 coin)');

    // Read in another tab: the count follows.
    store.items[0]!.is_read = true;
    live.push({ type: 'notification_count', unread: 0 });
    await screen.findByLabelText('Thông báo', { selector: 'button' });
  });

  it('shows nothing when signed out', async () => {
    render(
      <AppProviders queryClient={createQueryClient()} i18n={createI18n('en')} env="test">
        <MemoryRouter>
          <NotificationBell />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });
});
