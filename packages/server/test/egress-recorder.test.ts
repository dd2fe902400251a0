// The egress end to end: the real recorder page (the built web app) in headless Debian Chromium,
// started by the egress process inside the test namespace, joins a real room through Janus as
// the hidden recorder while the host publishes a fake camera; ffmpeg writes the composition and
// ffprobe reads it back.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, PROTOCOL_VERSION } from '@podium/protocol';
import { netnsDown, type ResolvedNetnsSpec } from '../src/media/index.ts';
import { startEgressRuntime } from '../src/media/egress/runtime.ts';
import type { EgressSupervisor } from '../src/media/egress/supervisor.ts';
import { signUpAndLogin } from './events-support.ts';
import { createEvent, socketCredentials } from './signal-support.ts';
import { launchNetnsChromium } from './support/media-browser.ts';
import { createTestNamespace, mediaServerEnv } from './support/media-netns.ts';
import { installMediaClient, pageJoin, pagePublishCamera } from './support/media-page.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const run = promisify(execFile);
// @ts-expect-error -- a plain .mjs script of the repository, without type declarations
const { ensureWebBuilt } = (await import('../../../scripts/build-web.mjs')) as {
  ensureWebBuilt(): number;
};

interface Probe {
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    nb_frames?: string;
  }[];
  format: { duration: string };
}

describe('egress with the real recorder page', () => {
  let spec: ResolvedNetnsSpec | undefined;
  let workDir: string | undefined;
  let server: TestServer | undefined;
  let context: BrowserContext | undefined;
  let egress: EgressSupervisor | undefined;

  beforeAll(async () => {
    // The recorder page is part of the web app the server serves.
    expect(ensureWebBuilt()).toBe(0);
    spec = await createTestNamespace();
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-egress-recorder-'));
    server = await startTestServer('postgres', {
      ...mediaServerEnv(spec, { min: 31400, max: 31599 }),
    });
    const podium = server.podium;
    egress = startEgressRuntime(
      podium.services.config,
      pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      {
        recorderCredentials: (roomId) => podium.services.signal.issueRecorder(roomId),
        address: () => podium.app.server.address(),
      },
    );
    context = await launchNetnsChromium(spec, workDir, server.url);
  }, 300_000);

  afterAll(async () => {
    await egress?.close();
    await context?.close();
    await server?.close();
    if (spec) await netnsDown(spec, { killProcesses: true });
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  it('joins as the hidden recorder, receives the host through Janus and records frames', async () => {
    expect(egress, 'Chromium and ffmpeg are installed').toBeDefined();
    const owner = await signUpAndLogin(server!, 'egress', 'Mai Trần');
    const event = await createEvent(server!, owner.token);
    const auth = await server!.api(apiPaths.signal.auth, {
      body: { alias: event.name },
      token: owner.token,
    });
    const roomId = auth.body.room.id as string;
    const credentials = await socketCredentials(server!, { alias: event.name }, owner.token);

    // The host, in the namespace's Chromium, joins and publishes a fake camera and microphone.
    const page: Page = await context!.newPage();
    await page.goto(`${server!.url}/healthz`);
    await installMediaClient(page);
    await pageJoin(page, {
      socketUrl: server!.url.replace(/^http/, 'ws') + apiPaths.signal.socket,
      credentials,
      protocolVersion: PROTOCOL_VERSION,
    });
    await pagePublishCamera(page);

    const session = await egress!.open(roomId, {
      resolution: '720p',
      log: pino({ level: 'silent' }),
    });
    const file = path.join(workDir!, 'room.mp4');
    // The page needs to load, join and start recording: generous on a loaded machine.
    await session.addOutput({ id: 'file', kind: 'file', path: file });

    // Nobody sees the recorder: the host's room lists only the host.
    const host = await server!.podium.signaling.registry.find(roomId);
    const state = (await host!).state;
    const recorder = [...state.participants.values()].find((p) => p.recorder);
    expect(recorder, 'the recorder joined the room').toBeDefined();
    expect(recorder?.status).toBe('connected');

    await new Promise((r) => setTimeout(r, 6000));
    const last = await session.removeOutput('file');
    expect(last.state).toBe('stopped');

    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-count_frames', '-show_streams', '-show_format', '-of', 'json', file],
    ]);
    const probe = JSON.parse(stdout) as Probe;
    const video = probe.streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
    expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Number(probe.format.duration)).toBeGreaterThan(3);
    // Frames keep coming (tab capture at the page's rate), not one still picture.
    expect(Number(video?.nb_frames)).toBeGreaterThan(3 * 10);
    // Keep a frame for whoever looks into a failure.
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-sseof',
      '-1',
      '-i',
      file,
      '-frames:v',
      '1',
      path.join(os.tmpdir(), 'podium-egress-recorder-last.png'),
    ]);
  }, 240_000);
});
