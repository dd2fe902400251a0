import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { AccountChannelClient, accountSocketUrl, reconnectDelay } from './client.ts';
import { createSocket, TestChannel as Channel } from './testChannel.ts';

let channel: Channel;
let client: AccountChannelClient | null = null;

afterEach(async () => {
  client?.stop();
  client = null;
  await channel?.close();
});

async function setUp(
  authenticate: () => Promise<string>,
  options: { heartbeatMs?: number } = {},
): Promise<AccountChannelClient> {
  channel = await Channel.start();
  client = new AccountChannelClient({
    url: channel.url,
    authenticate,
    createSocket,
    initialBackoffMs: 5,
    maxBackoffMs: 20,
    ...options,
  });
  return client;
}

describe('AccountChannelClient', () => {
  it('greets with fresh credentials, delivers pushed messages by type, and reconnects after a drop', async () => {
    let issued = 0;
    const c = await setUp(async () => {
      issued += 1;
      const credentials = `cred-${issued}`;
      channel.valid.add(credentials);
      return credentials;
    });
    const counts: number[] = [];
    const notifications: number[] = [];
    c.on('notification_count', (m) => counts.push(m.unread));
    const off = c.on('notification', (m) => notifications.push(m.notification.id));
    const states: string[] = [];
    c.onState((s) => states.push(s));

    c.start();
    c.start(); // idempotent
    await waitFor(() => expect(c.state).toBe('connected'));
    expect(channel.hellos).toEqual(['cred-1']);

    channel.push({ type: 'notification_count', unread: 4 });
    await waitFor(() => expect(counts).toEqual([4]));
    expect(notifications).toEqual([]);
    off();

    channel.dropAll();
    await waitFor(() => expect(channel.hellos).toEqual(['cred-1', 'cred-2']));
    await waitFor(() => expect(c.state).toBe('connected'));
    expect(states).toContain('reconnecting');
    channel.push({ type: 'notification_count', unread: 2 });
    await waitFor(() => expect(counts).toEqual([4, 2]));
  });

  it('retries a refused hello with new credentials', async () => {
    const given = ['stale', 'fresh'];
    const c = await setUp(async () => given.shift() ?? 'fresh');
    channel.valid.add('fresh');
    c.start();
    await waitFor(() => expect(c.state).toBe('connected'));
    expect(channel.hellos).toEqual(['stale', 'fresh']);
  });

  it('stops for good on stop() and when the credentials call is refused (signed out)', async () => {
    const c = await setUp(async () => {
      channel.valid.add('ok');
      return 'ok';
    });
    c.start();
    await waitFor(() => expect(channel.sockets.size).toBe(1));
    c.stop();
    expect(c.state).toBe('stopped');
    await waitFor(() => expect(channel.sockets.size).toBe(0));

    const refused = new AccountChannelClient({
      url: channel.url,
      createSocket,
      authenticate: () => Promise.reject(Object.assign(new Error('401'), { status: 401 })),
    });
    refused.start();
    await waitFor(() => expect(refused.state).toBe('stopped'));
    expect(channel.hellos).toEqual(['ok']);
  });

  it('drops a socket whose heartbeats go unanswered and connects again', async () => {
    const c = await setUp(
      async () => {
        channel.valid.add('ok');
        return 'ok';
      },
      { heartbeatMs: 30 },
    );
    c.start();
    await waitFor(() => expect(c.state).toBe('connected'));
    channel.silentHeartbeats = true;
    await waitFor(() => expect(channel.hellos.length).toBeGreaterThanOrEqual(2));
  });

  it('builds the socket URL of the page origin and backs off exponentially', () => {
    expect(accountSocketUrl({ protocol: 'https:', host: 'podium.example' })).toBe(
      'wss://podium.example/socket/member/v1',
    );
    expect(accountSocketUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe(
      'ws://127.0.0.1:8080/socket/member/v1',
    );
    const mid = () => 0.5;
    expect([0, 1, 2, 10].map((a) => reconnectDelay(a, 500, 15_000, mid))).toEqual([
      500, 1000, 2000, 15_000,
    ]);
    expect(reconnectDelay(0, 1000, 15_000, () => 0)).toBe(700);
    expect(reconnectDelay(0, 1000, 15_000, () => 1)).toBe(1300);
  });
});
