import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { callsEnv } from '../../support/netns-env.ts';
import { expect, type Participant } from './call.ts';

/** What the recording specs share: the REC indicator, the library page, download + ffprobe. */

export const REC = 'This event is being recorded';
export const PAUSED = 'The recording is paused';

export const recIndicator = (page: Page) => page.getByRole('status', { name: REC });

/**
 * The wall-clock ms at which the REC indicator appears on `page`, taken by the page itself on
 * the animation frame it shows (an `expect` poll notices up to a second later on a loaded
 * machine, which would count as recorded time the host never saw).
 */
export async function recShownAt(page: Page, timeout: number): Promise<number> {
  const shown = await page.waitForFunction(
    (label) => (document.querySelector(`[role="status"][aria-label="${label}"]`) ? Date.now() : 0),
    REC,
    { polling: 'raf', timeout },
  );
  return (await shown.jsonValue()) as number;
}

/** A click and the wall-clock ms around it (its request leaves the page in between). */
export async function timedClick(click: () => Promise<void>): Promise<[number, number]> {
  const before = Date.now();
  await click();
  return [before, Date.now()];
}

export interface Probe {
  streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
  format: { duration: string; format_name: string };
}

export function ffprobe(file: string): Probe {
  const out = execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file],
    { encoding: 'utf8' },
  );
  return JSON.parse(out) as Probe;
}

/** Opens /app/recording in the host's browser (same account), beside the call. */
export async function library(host: Participant): Promise<Page> {
  const page = await host.context.newPage();
  await page.goto('/app/recording');
  // A new page of the app beside a running call and its egress: slow on a loaded machine.
  await expect(page.getByRole('heading', { name: 'Recordings', level: 1 })).toBeVisible({
    timeout: 60_000,
  });
  return page;
}

/** Downloads the newest recording of `title` from the library page and probes it. */
export async function download(page: Page, title: string): Promise<{ file: string; probe: Probe }> {
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
export function egressPid(): number | undefined {
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
