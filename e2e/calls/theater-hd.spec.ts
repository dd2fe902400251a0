import type { Page } from '@playwright/test';
import { markPage, startHostedCall, test, expect } from './support/call.ts';

/** What the camera publisher sends on its top simulcast layer (rid h), as the browser reports. */
interface TopLayer {
  /** Index of the peer connection in the page's list: the same one means no new connection. */
  peer: number;
  state: RTCPeerConnectionState;
  captureHeight: number | null;
  maxBitrate: number | null;
  frameHeight: number | null;
}

function topLayer(page: Page): Promise<TopLayer | null> {
  return page.evaluate(async () => {
    const peers = window.__e2ePeers ?? [];
    for (const [index, pc] of peers.entries()) {
      if (pc.connectionState === 'closed') continue;
      // The camera publisher is the connection whose video sender has simulcast layers.
      const sender = pc
        .getSenders()
        .find((s) => s.track?.kind === 'video' && s.getParameters().encodings.length > 1);
      if (!sender) continue;
      const top = sender.getParameters().encodings.find((e) => e.rid === 'h');
      let frameHeight: number | null = null;
      (await sender.getStats()).forEach((s: Record<string, unknown>) => {
        if (s.type === 'outbound-rtp' && s.rid === 'h' && typeof s.frameHeight === 'number') {
          frameHeight = s.frameHeight;
        }
      });
      return {
        peer: index,
        state: pc.connectionState,
        captureHeight: sender.track?.getSettings().height ?? null,
        maxBitrate: top?.maxBitrate ?? null,
        frameHeight,
      };
    }
    return null;
  });
}

/**
 * decisions.md "Theater": presenters publish Full HD (1080p top simulcast layer); other modes
 * stay below 1080p (spec §9). The host switches the mode mid-call: the camera and its top layer
 * go to 1080p and back to 720p on the same connection, without a reload.
 */
test('switching to theater mode sends the camera in Full HD, and back', async ({
  call,
  request,
}) => {
  const { hostPerson } = await startHostedCall(call, request);
  const { page, room } = hostPerson;
  const samePage = await markPage(page);
  await call.cameraAndMicOn(hostPerson);

  const sent = () => topLayer(page);
  await expect.poll(async () => (await sent())?.frameHeight).toBe(720);
  const before = (await sent())!;
  expect(before.state).toBe('connected');
  expect(before.captureHeight).toBe(720);

  await room.openParticipants();
  const mode = room.participants.getByRole('combobox', { name: 'Room mode' });
  await mode.selectOption({ label: 'Theater' });
  await expect(mode).toHaveValue('theater');

  await expect.poll(async () => (await sent())?.captureHeight).toBe(1080);
  await expect.poll(async () => (await sent())?.frameHeight).toBe(1080);
  const theater = (await sent())!;
  expect(theater.peer).toBe(before.peer);
  expect(theater.state).toBe('connected');
  expect(theater.maxBitrate).toBeGreaterThan(before.maxBitrate ?? 0);

  await mode.selectOption({ label: 'Meeting' });
  await expect(mode).toHaveValue('meeting');
  await expect.poll(async () => (await sent())?.captureHeight).toBe(720);
  await expect.poll(async () => (await sent())?.frameHeight).toBe(720);
  const back = (await sent())!;
  expect(back.peer).toBe(before.peer);
  expect(back.maxBitrate).toBe(before.maxBitrate);
  expect(await samePage()).toBe(true);
});
