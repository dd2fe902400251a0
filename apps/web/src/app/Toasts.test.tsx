import '../test/dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { AppProviders } from './AppProviders.tsx';
import { createQueryClient } from '../shared/api/index.ts';
import { createI18n } from '../shared/i18n/index.ts';

afterEach(() => {
  cleanup();
  notifications.clean();
});

describe('toasts', () => {
  it('the container loads with the first toast and shows it, then the ones after', async () => {
    render(
      <AppProviders queryClient={createQueryClient()} i18n={createI18n('en')} env="test">
        <p>page</p>
      </AppProviders>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => {
      notifications.show({ message: 'Saved' });
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
    act(() => {
      notifications.show({ message: 'Copied' });
    });
    expect(await screen.findByText('Copied')).toBeTruthy();
  });
});
