import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FLOW, resetAppState } from '../../test/app.ts';
import { appOverServer, SERVER_START_MS } from '../../test/appOverServer.ts';

/** The real server: /app/customize_conference saves the account's studio defaults. */
const real = appOverServer();

beforeAll(() => real.start(), SERVER_START_MS);
afterAll(() => real.stop());
beforeEach(() => resetAppState({ signedIn: true }));
afterEach(() => real.tearDown());

describe('customize conference (the account’s studio defaults)', FLOW, () => {
  it('saves a layout and a text banner through the API', { timeout: 60_000 }, async () => {
    await real.account({ signIn: true });
    real.render('/app/customize_conference');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Video layout' }, { timeout: 10_000 }),
    );
    const layout = await screen.findByRole('dialog', { name: 'Video layout' });
    fireEvent.click(within(layout).getByRole('radio', { name: /Layout 2/ }));
    fireEvent.click(within(layout).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Video layout' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Text effect' }));
    const text = await screen.findByRole('dialog', { name: 'Text effect' });
    fireEvent.click(within(text).getByLabelText('Show the text on the stage'));
    fireEvent.change(within(text).getByRole('textbox', { name: 'Text' }), {
      target: { value: 'Hello' },
    });
    fireEvent.click(within(text).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Text effect' })).toBeNull());

    const saved = real.requests.filter(
      (r) => r.url === '/api/studio/defaults' && r.method === 'POST',
    );
    expect(saved).toHaveLength(2);

    // What the server took is what the page now shows (the answer replaces the cached studio).
    const last = saved[1]?.body as {
      studio: { layout: number; text: { enabled: boolean; text: string } };
    };
    expect(last.studio).toMatchObject({ layout: 2, text: { enabled: true, text: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Video layout' }));
    const again = await screen.findByRole('dialog', { name: 'Video layout' });
    expect(
      (within(again).getByRole('radio', { name: /Layout 2/ }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('speaks Vietnamese: the spec’s five modals', { timeout: 60_000 }, async () => {
    await real.account({ signIn: true });
    real.render('/app/customize_conference', { language: 'vi' });
    expect(
      await screen.findByRole('heading', { name: 'Tùy chỉnh hội nghị' }, { timeout: 10_000 }),
    ).toBeTruthy();
    for (const name of ['Huy hiệu tên', 'Logo', 'Ảnh nền', 'Hiệu ứng chữ', 'Bố cục video']) {
      expect(await screen.findByRole('button', { name })).toBeTruthy();
    }
  });
});
