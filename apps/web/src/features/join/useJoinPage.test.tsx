import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { apiPaths, type AliasShortDetail } from '@podium/protocol';
import { appOverHttp, FLOW, resetAppState } from '../../test/app.ts';
import type { Reply } from '../../test/stubServer.ts';

/** An ended event: the page names it without starting the camera preview (not in jsdom). */
const ended: AliasShortDetail = {
  name: 'team-weekly',
  type: 'conference',
  title: 'Team weekly',
  start_time: '2026-11-27T10:00:00.000Z',
  end_time: '2026-11-27T11:00:00.000Z',
  duration: 60,
  mode: 'meeting',
  require_passcode: false,
  join_before_host: true,
  expired: true,
  expired_at: '2026-11-27T11:00:00.000Z',
  owner_name: 'Ann',
};

const app = appOverHttp();
beforeEach(() => resetAppState({ signedIn: false }));
afterEach(() => app.tearDown());

/** Serves the event details from `replies` in turn (the last one again once they run out). */
async function serveDetails(...replies: Reply[]) {
  let asked = 0;
  await app.serve({
    [`GET ${apiPaths.events.shortDetail}`]: () => replies[Math.min(asked++, replies.length - 1)]!,
  });
  return () => asked;
}

/** The page's own answer when the server cannot: 503 (asked again before showing it). */
const down: Reply = { status: 503, body: { error: { code: 'unavailable', message: 'down' } } };

describe('the join page without TanStack Query (issue 11)', FLOW, () => {
  it('shows the loading state, then the event, in English and in Vietnamese', async () => {
    await serveDetails({ body: ended });
    app.render('/j/team-weekly');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(
      await screen.findByText(/^Team weekly · This event can no longer be joined/),
    ).toBeTruthy();
    await app.tearDown();

    await serveDetails({ body: ended });
    app.render('/j/team-weekly', { language: 'vi' });
    expect(
      await screen.findByText(/^Team weekly · Không thể tham gia sự kiện này nữa/),
    ).toBeTruthy();
  });

  it('says an unknown link is invalid without asking again', async () => {
    const asked = await serveDetails({
      status: 404,
      body: { error: { code: 'not_found', message: 'Not found' } },
    });
    app.render('/j/nobody-here');
    expect(await screen.findByText('Invalid Conference link')).toBeTruthy();
    expect(asked()).toBe(1);
  });

  it('asks twice more when the server fails, then offers to try again', async () => {
    const asked = await serveDetails(down, down, down, { body: ended });
    app.render('/j/team-weekly');
    expect(
      await screen.findByText('The event could not be loaded.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(asked()).toBe(3);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(await screen.findByText(/^Team weekly · /)).toBeTruthy();
    expect(asked()).toBe(4);
  });
});
