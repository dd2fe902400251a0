import { test, expect } from './support/fixtures.ts';
import { e2eEnv } from './support/env.ts';
import { createEvent, signUpHost } from './calls/support/call.ts';
import { NotificationCenter } from './pages/notifications.ts';
import { signInWithTokens } from './pages/qr-call.ts';

/**
 * Issue 5 item 4: the notification center. Another account invites a signed-in person to its
 * events; the bell's badge counts up live (pushed over the account channel, no reload), and
 * reading and deleting hold across a reload.
 */
test('invitations arrive live; read and delete persist across reload', async ({
  page,
  request,
  consoleErrors,
}) => {
  const host = await signUpHost(request, 'Mai Trần');
  const guest = await signUpHost(request, 'Khoa Lê');
  await signInWithTokens(page.context(), e2eEnv('baseUrl'), guest);

  // What the server pushes to this page over its account socket.
  const pushed: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string') pushed.push(frame.payload);
    });
  });
  const greeted = () => pushed.some((f) => f.includes('"id":"account-hello"'));
  const notices = () => pushed.filter((f) => f.includes('"type":"notification"')).length;

  const center = new NotificationCenter(page);
  await page.goto('/app');
  await center.expectUnread(0);
  await expect.poll(greeted).toBe(true);

  await createEvent(request, host, {
    title: 'Quarterly review',
    speakers: [{ name: 'Khoa', email: guest.email }],
  });
  await center.expectUnread(1);
  expect(notices()).toBe(1);

  const dialog = await center.open();
  await expect(center.item('Invitation: Quarterly review')).toBeVisible();
  await expect(center.item('Invitation: Quarterly review')).toContainText(
    'Mai Trần invited you to an event starting',
  );

  // A second invitation while the center is open: badge and list follow.
  await createEvent(request, host, {
    title: 'Design sync',
    speakers: [{ name: 'Khoa', email: guest.email }],
  });
  await center.expectUnread(2);
  await expect(center.item('Invitation: Design sync')).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(2);

  await center.markRead('Invitation: Quarterly review');
  await center.expectUnread(1);
  await center.remove('Invitation: Design sync');
  await expect(center.item('Invitation: Design sync')).toHaveCount(0);
  await center.expectUnread(0);

  await page.reload();
  await center.expectUnread(0);
  await center.open();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  const kept = center.item('Invitation: Quarterly review');
  await expect(kept.getByRole('button', { name: 'Mark as unread' })).toBeVisible();

  // Unread again, and the link leads to the event.
  await kept.getByRole('button', { name: 'Mark as unread' }).click();
  await center.expectUnread(1);
  await page.reload();
  await center.expectUnread(1);
  expect(consoleErrors).toEqual([]);
});
