import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { callsEnv } from '../support/netns-env.ts';
import {
  expect,
  expectMediaFlow,
  startTwoWayCall,
  test,
  type Participant,
} from './support/call.ts';

/**
 * Issue 12 item 2, browser e2e: the host of a two-person call records through the real egress
 * (headless Chromium composing the stage, ffmpeg writing the MP4), pauses and resumes; everyone
 * sees the REC indicator; the file is listed at /app/recording, downloads, and ffprobe finds
 * video and audio lasting the recorded time without the pause. Killing the egress process
 * mid-recording keeps the part so far (listed, playable), tells the host, and the call goes on.
 */

const REC = 'This event is being recorded';
const PAUSED = 'The recording is paused';

const recIndicator = (page: Page) => page.getByRole('status', { name: REC });

interface Probe {
  streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
  format: { duration: string; format_name: string };
}

function ffprobe(file: string): Probe {
  const out = execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file],
    { encoding: 'utf8' },
  );
  return JSON.parse(out) as Probe;
}

/** Opens /app/recording in the host's browser (same account), beside the call. */
async function library(host: Participant): Promise<Page> {
  const page = await host.context.newPage();
  await page.goto('/app/recording');
  await expect(page.getByRole('heading', { name: 'Recordings', level: 1 })).toBeVisible();
  return page;
}

/** Downloads the newest recording of `title` from the library page and probes it. */
async function download(page: Page, title: string): Promise<{ file: string; probe: Probe }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-e2e-recording-'));
  const file = path.join(dir, 'recording.mp4');
  const started = page.waitForEvent('download');
  await page
    .getByRole('button', { name: `Download ${title}` })
    .first()
    .click();
  const got = await started;
  expect(got.suggestedFilename()).toMatch(/\.mp4$/);
  await got.saveAs(file);
  return { file, probe: ffprobe(file) };
}

/**
 * The egress process of this run's calls server: the Node child running media/egress whose
 * environment names this server's PUBLIC_URL (other runs on the machine have their own).
 */
function egressPid(): number | undefined {
  const baseUrl = callsEnv('baseUrl');
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!/media\/egress\/(main\.ts|egress\.js)/.test(cmdline)) continue;
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(`PUBLIC_URL=${baseUrl}`)) return Number(entry);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return undefined;
}

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

test('killing the egress mid-recording keeps the part so far, tells the host, and the call goes on', async ({
  call,
  request,
}) => {
  test.setTimeout(300_000);
  const { hostPerson, guest, event } = await startTwoWayCall(call, request);
  const page = hostPerson.page;
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(recIndicator(page)).toBeVisible({ timeout: 120_000 });
  await page.waitForTimeout(6_000);

  const pid = egressPid();
  expect(pid, 'the egress process of this calls server').toBeDefined();
  process.kill(pid!, 'SIGKILL');

  await expect(
    page.getByText('Recording stopped: the recorder stopped unexpectedly.', { exact: false }),
  ).toBeVisible({ timeout: 60_000 });
  await expect(recIndicator(page)).toHaveCount(0);
  await expect(recIndicator(guest.page)).toHaveCount(0);
  // The call itself keeps running.
  await expectMediaFlow(page, { video: 1, audio: 1 });
  await expectMediaFlow(guest.page, { video: 1, audio: 1 });

  const list = await library(hostPerson);
  const row = list.getByRole('listitem').filter({ hasText: event.title });
  await expect(row).toContainText('Partial', { timeout: 30_000 });
  const { probe } = await download(list, event.title);
  expect(probe.streams.some((s) => s.codec_type === 'video')).toBe(true);
  // About what was recorded before the kill (6 s); a few seconds at least are playable.
  expect(Number(probe.format.duration)).toBeGreaterThan(2);
  expect(Number(probe.format.duration)).toBeLessThan(20);
});
