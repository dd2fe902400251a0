// What the SFU holds of an end-to-end encrypted stream does not decode (issue 17, E2EE tests):
// headless Chromium (inside the test namespace) publishes its fake camera through Podium's
// Janus, once in clear and once through the web app's frame encryption (apps/web
// media/e2ee/frameCrypto.ts, the code every endtoend sender runs); Janus `rtp_forward`s the
// video it receives to ffmpeg on the host side of the link, and ffmpeg decodes what it can.
// The key exchange and the real app in a real call are in e2e/calls/e2ee-keys.spec.ts.
import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import pino from 'pino';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type IceCandidate,
  MediaServer,
  type ResolvedNetnsSpec,
  type SessionDescription,
  type VideoRoomHandle,
  netnsDown,
} from '../src/media/index.ts';
import { createTestNamespace } from './support/media-netns.ts';
import { launchNetnsChromium } from './support/media-browser.ts';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const FRAME_CRYPTO = fileURLToPath(
  new URL('../../../apps/web/src/features/room/media/e2ee/frameCrypto.ts', import.meta.url),
);
const VP8_PT = 100;

/**
 * The page's publisher (plain JavaScript: the server project compiles without DOM types). With
 * `encrypt`, every encoded video frame goes through the app's FrameEncryptor under a random
 * media key, as an endtoend sender's do.
 */
const PAGE_SCRIPT = `
window.pending = [];
window.publish = async (encrypt) => {
  const pc = new RTCPeerConnection({ encodedInsertableStreams: true });
  window.pc = pc;
  pc.onicecandidate = (e) => window.podiumCandidate(e.candidate ? e.candidate.toJSON() : null);
  const stream = await navigator.mediaDevices.getUserMedia({ video: true });
  const tx = pc.addTransceiver(stream.getVideoTracks()[0], { direction: 'sendonly' });
  const { readable, writable } = tx.sender.createEncodedStreams();
  let pipe = new TransformStream();
  if (encrypt) {
    const crypto_ = await import('/frameCrypto.js');
    const key = await crypto_.frameKeyOf(crypto.getRandomValues(new Uint8Array(32)), null);
    const encryptor = new crypto_.FrameEncryptor();
    pipe = new TransformStream({
      async transform(frame, out) {
        const kind = frame.type === 'key' ? 'video-key' : 'video-delta';
        frame.data = await encryptor.encrypt(key, 7, frame.data, kind);
        out.enqueue(frame);
      },
    });
  }
  readable.pipeThrough(pipe).pipeTo(writable);
  await pc.setLocalDescription(await pc.createOffer());
  return { type: 'offer', sdp: pc.localDescription.sdp };
};
window.setRemote = async (answer) => {
  await window.pc.setRemoteDescription(answer);
  for (const c of window.pending.splice(0)) await window.pc.addIceCandidate(c ?? undefined);
};
window.addRemoteCandidate = async (c) => {
  if (!window.pc || !window.pc.remoteDescription) window.pending.push(c);
  else await window.pc.addIceCandidate(c ?? undefined);
};
`;

/** A UDP port free on `ip` now (ffmpeg binds it next). */
async function freeUdpPort(ip: string): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, ip, resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

interface Decoded {
  frames: number;
  errors: string[];
}

/** ffmpeg receiving the forwarded RTP (VP8) for `seconds`: frames decoded and errors said. */
function decodeForwarded(workDir: string, ip: string, port: number, seconds: number) {
  const sdp = path.join(workDir, `forward-${port}.sdp`);
  const ready = fs.writeFile(
    sdp,
    [
      'v=0',
      `o=- 0 0 IN IP4 ${ip}`,
      's=forward',
      `c=IN IP4 ${ip}`,
      't=0 0',
      `m=video ${port} RTP/AVP ${VP8_PT}`,
      `a=rtpmap:${VP8_PT} VP8/90000`,
      '',
    ].join('\n'),
  );
  return ready.then(
    () =>
      new Promise<Decoded>((resolve) => {
        const ffmpeg = spawn(
          'ffmpeg',
          [
            ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
            ...['-protocol_whitelist', 'file,udp,rtp', '-i', sdp],
            ...['-t', String(seconds), '-f', 'framecrc', '-'],
          ],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let out = '';
        let err = '';
        ffmpeg.stdout.on('data', (d: Buffer) => (out += d.toString()));
        ffmpeg.stderr.on('data', (d: Buffer) => (err += d.toString()));
        // No packets at all would keep ffmpeg waiting: it is stopped after the window.
        const timer = setTimeout(() => ffmpeg.kill('SIGINT'), (seconds + 6) * 1000);
        ffmpeg.on('close', () => {
          clearTimeout(timer);
          resolve({
            frames: out.split('\n').filter((l) => l && !l.startsWith('#')).length,
            errors: err.split('\n').filter((l) => l.trim()),
          });
        });
      }),
  );
}

describe('a capture at the SFU', () => {
  let spec: ResolvedNetnsSpec | undefined;
  let workDir: string | undefined;
  let media: MediaServer | undefined;
  let web: http.Server | undefined;
  let context: BrowserContext | undefined;
  let origin: string;

  beforeAll(async () => {
    spec = await createTestNamespace();
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-e2ee-capture-'));
    media = await MediaServer.create({
      logger,
      network: { mode: 'netns', netns: spec },
      workDir,
      rtpPortRange: { min: 30100, max: 30199 },
    });
    // The app's frame encryption, as a module the page imports (types stripped).
    const frameCrypto = (
      await transform(await fs.readFile(FRAME_CRYPTO, 'utf8'), { loader: 'ts', format: 'esm' })
    ).code;
    web = http.createServer((req, res) => {
      if (req.url === '/frameCrypto.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end(frameCrypto);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>capture</title>');
    });
    await new Promise<void>((resolve) => web!.listen(0, spec!.hostIp, resolve));
    origin = `http://${spec.hostIp}:${(web.address() as { port: number }).port}`;
    context = await launchNetnsChromium(spec, workDir, origin);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await media?.close();
    await new Promise((resolve) => (web ? web.close(resolve) : resolve(undefined)));
    if (spec) await netnsDown(spec, { killProcesses: true });
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  /** Publishes the page's camera (encrypted or not), forwards it, decodes the forward. */
  async function captureOf(encrypt: boolean): Promise<Decoded> {
    const client = await media!.whenReady();
    const session = await client.createSession();
    const roomId = encrypt ? 'e2ee' : 'clear';
    const secret = `${roomId}-secret`;
    try {
      const admin = await session.attachVideoRoom();
      await admin.createRoom({ roomId, secret, maxPublishers: 1 });
      const publisher: VideoRoomHandle = await session.attachVideoRoom();
      const page: Page = await context!.newPage();
      await page.goto(origin);
      await page.exposeFunction('podiumCandidate', (candidate: IceCandidate | null) => {
        void publisher.trickle(candidate);
      });
      await page.addScriptTag({ content: PAGE_SCRIPT });
      publisher.on('candidate', ({ candidate }) => {
        void page.evaluate((c) => {
          const w = globalThis as unknown as { addRemoteCandidate(c: unknown): Promise<void> };
          return w.addRemoteCandidate(c);
        }, candidate);
      });
      const joined = await publisher.joinAsPublisher({ roomId, display: 'Camera' });
      const offer = await page.evaluate((e) => {
        const w = globalThis as unknown as { publish(e: boolean): Promise<SessionDescription> };
        return w.publish(e);
      }, encrypt);
      const answer = await publisher.publish({ offer, display: 'Camera' });
      await page.evaluate((a) => {
        const w = globalThis as unknown as { setRemote(a: SessionDescription): Promise<void> };
        return w.setRemote(a);
      }, answer);

      const port = await freeUdpPort(spec!.hostIp);
      const decoding = decodeForwarded(workDir!, spec!.hostIp, port, 6);
      // ffmpeg is listening before the forward starts (its first key frame must not be lost).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await admin.rtpForward({
        roomId,
        secret,
        feedId: joined.feedId,
        host: spec!.hostIp,
        video: { port, payloadType: VP8_PT },
      });
      const decoded = await decoding;
      await page.close();
      return decoded;
    } finally {
      await session.close();
    }
  }

  it('decodes a clear stream forwarded from Janus, and not an end-to-end encrypted one', async () => {
    const clear = await captureOf(false);
    // The forward itself works: the clear camera decodes, frame after frame.
    expect(clear.errors).toEqual([]);
    expect(clear.frames).toBeGreaterThan(30);

    const sealed = await captureOf(true);
    // The same camera through the frame encryption: ffmpeg's VP8 decoder refuses the frames
    // ("Invalid partitions", measured 0–31 frames of 120 passing as noise it cannot tell from
    // a picture: a VP8 frame has no checksum). Nothing at the SFU turns them back into video.
    expect(sealed.errors.some((e) => /Invalid/.test(e))).toBe(true);
    expect(sealed.frames).toBeLessThan(clear.frames / 2);
  }, 120_000);
});
