import {
  PAUSED,
  download,
  library,
  recIndicator,
  recShownAt,
  timedClick,
} from './support/recording.ts';
import { expect, startTwoWayCall, test } from './support/call.ts';

/**
 * Issue 12 item 2, browser e2e: the host of a two-person call records through the real egress
 * (headless Chromium composing the stage, ffmpeg writing the MP4), pauses and resumes; everyone
 * sees the REC indicator; the file is listed at /app/recording, downloads, and ffprobe finds
 * video and audio lasting the recorded time without the pause.
 *
 * "The recorded time" is what the host lived through, measured here: from the moment REC shows
 * on the host's page to the pause click, and from the resume click to the stop click. The waits
 * are 10 s and 5 s, but on a loaded two-core machine a step around them can take seconds more,
 * so the file is checked against the measured stretches (±1 s for key frames and clicks in
 * flight, + up to 2 s for REC reaching the host's screen after the recording began) rather than
 * a fixed 15 s. Before the egress cut at moments of the media, the file carried 11-13 s more.
 *
 * PENDING (run with PODIUM_E2E_PENDING=1): the cause is fixed (egress segment-feed.ts; measured
 * after it, each stretch's length matched the server's pause/resume/stop moments to 0.1 s), but
 * this spec has not yet passed end to end here: the machine ran at load 40-75 and the runs
 * timed out (library page, test timeout) before the duration check. Rename to *.spec.ts after
 * it passes 2-3 times on a quieter machine (issue 12).
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

  const recShown = recShownAt(page, 120_000);
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  // The egress starts Chromium and ffmpeg on the first recording: allow for a loaded runner.
  const recording = await recShown;
  await expect(recIndicator(guest.page)).toBeVisible();
  await page.waitForTimeout(10_000);

  const pause = page.getByRole('button', { name: 'Pause recording' });
  const [pausing, paused] = await timedClick(() => pause.click());
  await expect(pause).toHaveAttribute('aria-pressed', 'true');
  await expect(guest.page.getByRole('status', { name: PAUSED })).toBeVisible();
  await page.waitForTimeout(5_000);

  const [resuming, resumed] = await timedClick(() => pause.click());
  await expect(pause).toHaveAttribute('aria-pressed', 'false');
  await expect(recIndicator(guest.page)).toBeVisible();
  await page.waitForTimeout(5_000);

  const [stopping, stopped] = await timedClick(() =>
    page.getByRole('button', { name: 'Record', exact: true }).click(),
  );
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
  const least = (pausing - recording + (stopping - resumed)) / 1000;
  const most = (paused - recording + (stopped - resuming)) / 1000;
  test.info().annotations.push({
    type: 'recorded',
    description: `file ${duration.toFixed(2)} s; host lived ${least.toFixed(2)}-${most.toFixed(2)} s`,
  });
  expect(duration).toBeGreaterThan(least - 1);
  expect(duration).toBeLessThan(most + 1 + 2);
});
