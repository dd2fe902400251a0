import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FLOW, resetAppState } from '../../test/app.ts';
import { appOverServer, SERVER_START_MS } from '../../test/appOverServer.ts';

/** The real server: Settings' linked stream servers, saved and removed through the API. */
const real = appOverServer();

beforeAll(() => real.start(), SERVER_START_MS);
afterAll(() => real.stop());
beforeEach(() => resetAppState({ signedIn: true }));
afterEach(() => real.tearDown());

async function section(heading: string) {
  const title = await screen.findByRole('heading', { name: heading }, { timeout: 10_000 });
  return within(title.closest('section')!);
}

function type(scope: ReturnType<typeof within>, label: string, value: string) {
  fireEvent.change(scope.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

describe('linked stream servers in Settings', FLOW, () => {
  it('adds a server with its key hidden, refuses a non-RTMP URL, and removes it', async () => {
    await real.account({ signIn: true });
    real.render('/app/settings');
    const servers = await section('Linked stream servers');
    expect(await servers.findByText('No stream servers yet.')).toBeTruthy();
    expect(servers.getByLabelText('Stream key', { selector: 'input' }).getAttribute('type')).toBe(
      'password',
    );

    type(servers, 'Name', 'YouTube');
    type(servers, 'Server URL', 'https://203.0.113.10/live');
    type(servers, 'Stream key', 'abcd-efgh-ijkl-wxyz');
    fireEvent.click(servers.getByRole('button', { name: 'Add stream server' }));
    expect(
      await servers.findByText('The server URL must start with rtmp:// or rtmps://'),
    ).toBeTruthy();
    expect(real.requests.some((r) => r.url === '/api/account/stream-servers/create')).toBe(false);

    type(servers, 'Server URL', 'rtmp://203.0.113.10/live');
    fireEvent.click(servers.getByRole('button', { name: 'Add stream server' }));
    const list = await servers.findByRole('list', { name: 'Your stream servers' });
    expect(within(list).getByText('YouTube')).toBeTruthy();
    expect(within(list).getByText(/Key ending in wxyz/)).toBeTruthy();
    expect(list.textContent).not.toContain('abcd-efgh-ijkl-wxyz');
    // The key field is emptied once the server took it.
    expect(
      (servers.getByLabelText('Stream key', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('');

    fireEvent.click(within(list).getByRole('button', { name: 'Remove YouTube' }));
    await waitFor(() => expect(servers.getByText('No stream servers yet.')).toBeTruthy());
  });

  it('refuses a private address with the server’s message in Vietnamese', async () => {
    await real.account({ signIn: true });
    real.render('/app/settings', { language: 'vi' });
    const servers = await section('Máy chủ phát trực tiếp đã liên kết');
    type(servers, 'Tên', 'Nội bộ');
    type(servers, 'URL máy chủ', 'rtmp://10.0.0.8/live');
    type(servers, 'Khóa luồng', 'abcd-efgh-ijkl-wxyz');
    fireEvent.click(servers.getByRole('button', { name: 'Thêm máy chủ phát trực tiếp' }));
    expect(
      await servers.findByText('URL máy chủ trỏ tới một địa chỉ riêng hoặc cục bộ'),
    ).toBeTruthy();
  });
});
