import '../test/dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { modals } from '@mantine/modals';
import { AppProviders } from './AppProviders.tsx';
import { createQueryClient } from '../shared/api/index.ts';
import { createI18n } from '../shared/i18n/index.ts';

afterEach(() => {
  act(() => modals.closeAll());
  cleanup();
});

function renderPage(language: 'en' | 'vi' = 'en') {
  render(
    <AppProviders queryClient={createQueryClient()} i18n={createI18n(language)} env="test">
      <p>page</p>
    </AppProviders>,
  );
}

describe('dialogs', () => {
  it('a dialog asked for as the page opens shows once the container has loaded', async () => {
    renderPage();
    let confirmed = false;
    act(() => {
      modals.openConfirmModal({
        title: 'Delete the event?',
        onConfirm: () => {
          confirmed = true;
        },
      });
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the event?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(confirmed).toBe(true);
  });

  it('keeps the order of what was asked: a dialog closed before the container loaded stays closed', async () => {
    renderPage('vi');
    act(() => {
      const first = modals.open({ title: 'Bỏ qua', children: <p>first</p> });
      modals.close(first);
      modals.openConfirmModal({ title: 'Xoá sự kiện?' });
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Xoá sự kiện?')).toBeTruthy();
    expect(screen.queryByText('first')).toBeNull();
    // The container's buttons are named in the page's language.
    expect(within(dialog).getByRole('button', { name: 'Hủy' })).toBeTruthy();
  });
});
