// The active speaker with real media: Podium runs Janus in a test namespace, a Chromium page in
// that namespace publishes its fake camera and a microphone that plays a steady tone, and
// Janus's talking events (audio level extension, `audiolevel_event`) come out of the gateway as
// `active_speaker` on the other participants' sockets. (Chromium's own fake microphone only
// beeps 20 ms every half second: averaged over a second its level stays far below speech, and
// Janus rightly never calls it talking. A voice-level tone is what a speaking person sends.)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, apiPaths } from '@podium/protocol';
import { type ResolvedNetnsSpec, netnsDown } from '../src/media/index.ts';
import { signUpAndLogin } from './events-support.ts';
import { createEvent, joinRoom, joinTicket, socketCredentials } from './signal-support.ts';
import { launchNetnsChromium } from './support/media-browser.ts';
import { createTestNamespace, mediaServerEnv } from './support/media-netns.ts';
import {
  installMediaClient,
  pageJoin,
  pagePublishCamera,
  pageRequest,
} from './support/media-page.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** A mono 16-bit PCM WAV of a sine tone (Chromium loops it as the fake microphone). */
function toneWav(seconds: number, hz: number, amplitude: number): Buffer {
  const rate = 48_000;
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(
      Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * hz * i) / rate)),
      i * 2,
    );
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

describe('active speaker from Janus talking events', () => {
  let spec: ResolvedNetnsSpec | undefined;
  let workDir: string | undefined;
  let server: TestServer | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    spec = await createTestNamespace();
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-speaker-test-'));
    server = await startTestServer('postgres', {
      ...mediaServerEnv(spec, { min: 31300, max: 31399 }),
    });
    // About -13 dBFS: the level of someone speaking into a headset.
    const voice = path.join(workDir, 'voice.wav');
    await fs.writeFile(voice, toneWav(2, 220, 0.3));
    context = await launchNetnsChromium(spec, workDir, server.url, [
      `--use-file-for-fake-audio-capture=${voice}`,
    ]);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (spec) await netnsDown(spec, { killProcesses: true });
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  async function openPage(credentials: string): Promise<{ page: Page; participantId: string }> {
    const page = await context!.newPage();
    await page.goto(`${server!.url}/healthz`);
    await installMediaClient(page);
    const participantId = await pageJoin(page, {
      socketUrl: server!.url.replace(/^http/, 'ws') + apiPaths.signal.socket,
      credentials,
      protocolVersion: PROTOCOL_VERSION,
    });
    return { page, participantId };
  }

  it('a publishing microphone becomes the active speaker for the others, and leaves the stage with its owner', async () => {
    const owner = await signUpAndLogin(server!, 'speaker', 'Mai Trần');
    const event = await createEvent(server!, owner.token);
    const host = await openPage(
      await socketCredentials(server!, { alias: event.name }, owner.token),
    );
    // The listener needs no media of its own: a plain socket in the room.
    const listener = await joinRoom(
      server!,
      await socketCredentials(server!, {
        ticket: await joinTicket(server!, event.name, { name: 'Lan' }),
      }),
    );

    await pagePublishCamera(host.page);
    const speaking = await listener.client.nextOf(
      'active_speaker',
      (m) => m.participant_id === host.participantId,
      20_000,
    );
    expect(speaking.participant_id).toBe(host.participantId);

    // A latecomer learns who speaks right after its welcome, without waiting for a change.
    const late = await joinRoom(
      server!,
      await socketCredentials(server!, {
        ticket: await joinTicket(server!, event.name, { name: 'Khoa' }),
      }),
    );
    const told = await late.client.nextOf('active_speaker');
    expect(told.participant_id).toBe(host.participantId);
    const order = late.client.received.map((m) => m.type);
    expect(order.indexOf('welcome')).toBeLessThan(order.indexOf('active_speaker'));

    // The speaker leaves: nobody else talks, so the stage is empty.
    expect((await pageRequest(host.page, 'leave', {})).type).toBe('reply');
    await host.page.close();
    const emptied = await listener.client.nextOf(
      'active_speaker',
      (m) => m.participant_id === null,
      20_000,
    );
    expect(emptied.participant_id).toBeNull();
    // Nothing ever named anyone but the one who spoke.
    for (const m of [
      ...listener.client.all('active_speaker'),
      ...late.client.all('active_speaker'),
    ]) {
      expect([host.participantId, null]).toContain(m.participant_id);
    }
    expect(listener.client.invalid).toEqual([]);
    listener.client.close();
    late.client.close();
  }, 60_000);
});
