import '../../../../test/dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Language } from '@podium/protocol';
import { AppProviders } from '../../../../app/AppProviders.tsx';
import { createQueryClient } from '../../../../shared/api/index.ts';
import { createI18n } from '../../../../shared/i18n/index.ts';
import { WaitingScreen, type WaitingState } from './index.ts';

afterEach(cleanup);

function show(state: WaitingState, language: Language = 'en', handlers = {}) {
  return render(
    <AppProviders queryClient={createQueryClient()} i18n={createI18n(language)} env="test">
      <WaitingScreen state={state} title="Weekly" {...handlers} />
    </AppProviders>,
  );
}

describe('waiting screens', () => {
  it.each([
    ['locked', 'en', 'Room is locked'],
    ['locked', 'vi', 'Phòng đã bị khóa'],
    ['waiting_room', 'en', 'Waiting room'],
    ['waiting_for_host', 'en', 'Waiting for the host'],
    ['waiting_for_host', 'vi', 'Đang chờ người chủ trì'],
    ['full', 'en', 'Room is Full'],
  ] as const)('%s in %s: %s', (state, language, heading) => {
    show(state, language);
    expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
  });

  it('a queued person is told to wait; a locked one may retry or leave', () => {
    const calls: string[] = [];
    show('waiting_room', 'en', {
      onLeave: () => calls.push('leave'),
      onRetry: () => calls.push('retry'),
    });
    expect(screen.getByRole('status').textContent).toContain('Event: Weekly');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();
    show('locked', 'en', {
      onLeave: () => calls.push('leave'),
      onRetry: () => calls.push('retry'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(calls).toEqual(['retry', 'leave']);
  });
});
