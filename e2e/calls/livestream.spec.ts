import { startRtmpServer } from '@podium/server/test-support';
import { expect, startHostedCall, test } from './support/call.ts';

const GOOD_KEY = 'e2e-good-key-5b1c';

/**
 * Issue 12 item 3, browser e2e: a host streams the call to RTMP servers from the Go live panel.
 * Debian nginx with the RTMP module runs on the runner's loopback (the egress's ffmpeg runs on
 * the host side of the test network, beside the server, so it reaches it; the calls server has
 * STREAM_ALLOW_PRIVATE_HOSTS=1), with an `on_publish` hook that accepts one key. A wrong key
 * shows 'Check your stream key' to the host; the right one goes live and the guest sees LIVE.
 */
test('live streaming: a wrong key is told to the host, the right one shows LIVE to a guest', async ({
  call,
  request,
}) => {
  // The recorder's Chromium and its encoder join two browsers and Janus on a two-core machine.
  test.setTimeout(420_000);
  const rtmp = await startRtmpServer({ key: GOOD_KEY });
  try {
    // The host's camera gives the stream a picture; the guest only watches (lighter on the CPU).
    const { hostPerson, event } = await startHostedCall(call, request);
    await call.cameraAndMicOn(hostPerson);
    const guest = await call.openAsGuest('Guest Giang', event);
    await call.join(guest);
    const page = hostPerson.page;
    // Guests are not offered the control.
    await expect(guest.page.getByRole('button', { name: 'Go live' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Go live' }).click();
    await expect(page.getByRole('heading', { name: 'Live streaming' })).toBeVisible();
    const destinations = page.getByRole('list', { name: 'Destinations' });

    const addDestination = async (name: string, key: string) => {
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Server URL').fill(rtmp.url);
      await expect(page.getByLabel('Stream key')).toHaveAttribute('type', 'password');
      await page.getByLabel('Stream key').fill(key);
      await page.getByRole('button', { name: 'Start streaming' }).click({ timeout: 60_000 });
    };

    await addDestination('Wrong server', 'e2e-wrong-key-0000');
    const wrong = destinations.getByRole('listitem', { name: 'Wrong server' });
    await expect(wrong.getByRole('alert')).toHaveText('Check your stream key', {
      timeout: 90_000,
    });
    await expect(wrong).toContainText('Failed');
    // Refused by the server's key check, not by anything on the way there.
    expect(rtmp.publishes).toContainEqual({ key: 'e2e-wrong-key-0000', accepted: false });
    // Nothing is live yet.
    await expect(
      guest.page.getByRole('status', { name: 'This event is being streamed live' }),
    ).toHaveCount(0);

    await addDestination('Main channel', GOOD_KEY);
    const main = destinations.getByRole('listitem', { name: 'Main channel' });
    await expect(main).toContainText('Streaming', { timeout: 90_000 });
    await expect(
      guest.page.getByRole('status', { name: 'This event is being streamed live' }),
    ).toHaveText('LIVE');
    // The failed one stayed failed; the good one kept going.
    await expect(wrong.getByRole('alert')).toHaveText('Check your stream key');
    expect(rtmp.publishes).toContainEqual({ key: GOOD_KEY, accepted: true });

    await page.getByRole('button', { name: 'Stop all' }).click();
    await expect(
      guest.page.getByRole('status', { name: 'This event is being streamed live' }),
    ).toHaveCount(0, { timeout: 30_000 });
  } finally {
    await rtmp.close();
  }
});
