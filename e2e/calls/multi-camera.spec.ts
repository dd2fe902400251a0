import { CHROMIUM_ARGS, netnsChromiumArgs } from '@podium/server/test-support';
import { CALLS_ENV } from '../support/netns-env.ts';
import { expectMediaFlow, startHostedCall, test, expect } from './support/call.ts';

// Three synthetic cameras for this file's browsers only: the other specs keep Chromium's single
// fake camera. Chromium's second fake camera (fake_device_1) captures Y16 (a depth format) that
// renders but never reaches a WebRTC sender (0 frames in its media-source stats); the third
// (fake_device_2, MJPEG) is a camera like the first. Read like the config reads them: the listing
// process loads this file before the calls set-up ran.
const env = (name: keyof typeof CALLS_ENV) => process.env[CALLS_ENV[name]] ?? '';
test.use({
  launchOptions: {
    executablePath: env('chromium') || undefined,
    args: [
      ...CHROMIUM_ARGS.map((arg) =>
        arg === '--use-fake-device-for-media-stream'
          ? '--use-fake-device-for-media-stream=device-count=3'
          : arg,
      ),
      ...netnsChromiumArgs(env('baseUrl'), env('hostIp')),
    ],
  },
});

/**
 * Issue 14 item 3: a presenter (the host) with two cameras shares another one under a name;
 * a guest receives it as its own tile labelled with that name and decodes both of the host's
 * feeds (inbound-rtp framesDecoded growing for the camera and the share), may pin it, and the
 * tile goes away when the host stops the share.
 */
test('a second named camera is its own tile that a guest decodes, until it stops', async ({
  call,
  request,
}) => {
  const { event, hostPerson } = await startHostedCall(call, request);
  const guest = await call.openAsGuest('Gia Guest', event);
  await call.join(guest);
  await hostPerson.room.camera.click();
  await expect(hostPerson.room.camera).toHaveAttribute('aria-pressed', 'true');
  await expectMediaFlow(guest.page, { video: 1 });

  const host = hostPerson.page;
  const control = host.getByRole('button', { name: 'Share another camera' });
  // A full bar keeps it behind More options.
  if (!(await control.isVisible())) {
    await hostPerson.room.controls.getByRole('button', { name: 'More options' }).click();
  }
  await control.click();
  const dialog = host.getByRole('dialog', { name: 'Share another camera' });
  // A camera other than the one already on is offered first; the share uses the MJPEG one.
  const device = dialog.getByRole('combobox', { name: 'Camera' });
  await expect(device).toHaveValue('fake_device_1');
  await device.click();
  await host.getByRole('option', { name: 'fake_device_2' }).click();
  await expect(device).toHaveValue('fake_device_2');
  await dialog.getByRole('button', { name: 'Share camera' }).click();
  await expect(dialog.getByText('Give the camera a name')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Document camera');
  await dialog.getByRole('button', { name: 'Share camera' }).click();
  await expect(dialog).toHaveCount(0);

  const tileName = 'Camera "Document camera" of Hà Host';
  const tile = guest.room.stage.getByRole('group', { name: tileName });
  await expect(tile).toBeVisible({ timeout: 30_000 });
  await expect(tile.getByText('Document camera · Hà Host')).toBeVisible();
  // Both of the host's video feeds decode on the guest's page: the camera and the share.
  await expectMediaFlow(guest.page, { video: 2 });
  await expect
    .poll(
      () =>
        tile
          .getByLabel('Video of camera "Document camera"')
          .evaluate((v) => (v as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(5);

  // The guest pins it.
  const pin = tile.getByRole('button', { name: 'Pin camera "Document camera"' });
  await pin.click();
  await expect(pin).toHaveAttribute('aria-pressed', 'true');

  // The host stops it: the tile goes on both sides; the host's own camera stays.
  await hostPerson.room.stage
    .getByRole('group', { name: tileName })
    .getByRole('button', { name: 'Stop sharing Document camera' })
    .click();
  await expect(tile).toHaveCount(0, { timeout: 20_000 });
  await expect(hostPerson.room.stage.getByRole('group', { name: tileName })).toHaveCount(0);
  await expect(guest.room.tile('Hà Host')).toBeVisible();
});
