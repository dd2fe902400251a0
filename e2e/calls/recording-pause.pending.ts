import { PAUSED, recIndicator, library, download } from './support/recording.ts';
import { expect, startTwoWayCall, test } from './support/call.ts';

/**
 * Issue 12 item 2, browser e2e: the host of a two-person call records through the real egress
 * (headless Chromium composing the stage, ffmpeg writing the MP4), pauses and resumes; everyone
 * sees the REC indicator; the file is listed at /app/recording, downloads, and ffprobe finds
 * video and audio lasting the recorded time without the pause.
 *
 * PENDING (run with PODIUM_E2E_PENDING=1): on this machine the file lasts 26-28 s for 15 s
 * recorded (audio and video both), so the pause or the start is not cut yet (issue 12 open).
 */

test('the host records with a pause; everyone sees REC; the MP4 lists, downloads and lasts the recorded time', async ({
  call,
  request,
}) => {
  test.setTimeout(300_000);
  const { hostPerson, guest, event } = await startTwoWayCall(call, request);
  const page = hostPerson.page;
  // Guests are not offered the control.
  await expect(guest.page.getByRole('button', { name: 'Record', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Record', exact: true }).click();
  // The egress starts Chromium and ffmpeg on the first recording: allow for a loaded runner.
  await expect(recIndicator(page)).toBeVisible({ timeout: 120_000 });
  await expect(recIndicator(guest.page)).toBeVisible();
  await page.waitForTimeout(10_000);

  const pause = page.getByRole('button', { name: 'Pause recording' });
  await pause.click();
  await expect(pause).toHaveAttribute('aria-pressed', 'true');
  await expect(guest.page.getByRole('status', { name: PAUSED })).toBeVisible();
  await page.waitForTimeout(5_000);

  await pause.click();
  await expect(pause).toHaveAttribute('aria-pressed', 'false');
  await expect(recIndicator(guest.page)).toBeVisible();
  await page.waitForTimeout(5_000);

  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(recIndicator(guest.page)).toHaveCount(0, { timeout: 60_000 });
  await expect(recIndicator(page)).toHaveCount(0);

  const list = await library(hostPerson);
  const row = list.getByRole('listitem').filter({ hasText: event.title });
  await expect(row).toContainText('Complete', { timeout: 30_000 });
  const { probe } = await download(list, event.title);
  const kinds = probe.streams.map((s) => s.codec_type).sort();
  expect(kinds).toEqual(['audio', 'video']);
  expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({
    codec_name: 'h264',
    width: 1280,
    height: 720,
  });
  expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
  const duration = Number(probe.format.duration);
  expect(duration).toBeGreaterThan(15 - 1.5);
  expect(duration).toBeLessThan(15 + 1.5);
});
