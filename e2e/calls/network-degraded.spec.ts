import {
  expect,
  received,
  report,
  startNetTwoWayCall,
  test,
  type Received,
} from './support/faulty-call.ts';

/** One 10 s slice of the degraded minute, as each side received it. */
interface Slice {
  fpsToHost: number;
  fpsToGuest: number;
  audioToHost: number;
  audioToGuest: number;
  samplesToHost: number;
  samplesToGuest: number;
  widthToHost: number;
  widthToGuest: number;
  /** What the sending side's camera captured, fps (the guest's for fpsToHost, and back). */
  capturedByGuest: number;
  capturedByHost: number;
  /** Per 10 s: what each side's camera encoded on its middle layer, and each receiver's counters. */
  diagToHost: Record<string, number>;
  diagToGuest: Record<string, number>;
}

/** Growth of each diagnostic counter between two readings. */
function diagBetween(before: Received['diag'], after: Received['diag']): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after).map(([key, value]) => [key, value - before[key as keyof typeof before]]),
  );
}

const SLICE_MS = 10_000;
/**
 * A 10 s slice under this is a stall. The bar itself (10 fps) is judged over the minute: on the
 * lossy lowest layer one slice in a few dips to 9–10 fps (a key frame lost and waited for) while
 * the minute keeps 13–16 fps (bench/README).
 */
const STALL_FPS = 7.5;

/** Frames a second over the whole degraded minute, one way (slices are ~10 s each). */
function minuteFps(slices: readonly Slice[], way: 'fpsToHost' | 'fpsToGuest'): number {
  return slices.reduce((sum, s) => sum + s[way], 0) / slices.length;
}
/** The clean stretch the degraded minute is compared with (kept short: the spec's ~90 s). */
const CLEAN_MS = 8_000;

/**
 * Issue 17, "60 s of 150 ms ± 30 ms delay and 5 % loss": the guest's link (both directions,
 * signaling and media) delays every packet by 150 ± 30 ms and loses 5 % of them for a minute.
 * The call never reconnects (no new socket, no new peer connection, never 'Reconnecting…'),
 * audio keeps flowing both ways, video keeps at least 10 frames a second both ways over the
 * minute (on a lower simulcast layer) and never stalls (no 10 s slice under 7.5), and the guest's
 * network indicator says so. The fault
 * keeps packet order, so a packet behind a late one waits for it: 150–240 ms one way.
 *
 * The lower layers are the guest's doing (media/linkLayers.ts): over its lossy uplink its camera
 * stops sending the upper layers (the loss comes with a round trip too long for retransmission
 * to repair, so only the lowest layer, a frame per packet, keeps its frames), and its subscriber,
 * losing packets on the way down, asks the media server for the lowest layer of what it
 * receives (`receive_layer`). Before, the middle layer lost 25–40 % of its frames this way.
 * The first 10 s are the change itself: loss counted before retransmission repaired it, polled
 * every second, decides within ~2 s, and the camera has the media server move the host to the
 * lowest layer before it stops the others (`send_layer`), so the host never waits on nothing.
 */
test.describe('degraded network', () => {
  test('a minute of 150 ± 30 ms delay and 5 % loss: no reconnect, audio flows, video ≥ 10 fps', async ({
    net,
    request,
  }) => {
    test.setTimeout(240_000);
    const { hostPerson, guest } = await startNetTwoWayCall(net, request);
    const sockets = guest.socket.opened;
    const welcomes = guest.socket.selfIds().length;
    const peers = {
      host: (await received(hostPerson.page)).peers,
      guest: (await received(guest.page)).peers,
    };
    // The call settles first: both receive the top layer once the senders' bandwidth estimates
    // have grown (a few seconds; up to 20 s, not judged — the clean stretch then shows the rate).
    for (const page of [hostPerson.page, guest.page]) {
      await expect
        .poll(async () => (await received(page)).width, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(1280)
        .catch(() => undefined);
    }
    // A clean stretch first, reported beside the degraded minute (what the link cost).
    const clean0 = [await received(hostPerson.page), await received(guest.page)] as const;
    const clean0At = Date.now();
    await guest.page.waitForTimeout(CLEAN_MS);
    const clean1 = [await received(hostPerson.page), await received(guest.page)] as const;
    const cleanSeconds = (Date.now() - clean0At) / 1000;
    const cleanFps = Math.min(
      (clean1[0].frames - clean0[0].frames) / cleanSeconds,
      (clean1[1].frames - clean0[1].frames) / cleanSeconds,
    );
    const cleanWidth = clean1[0].width;
    const cleanCaptured = {
      host: (clean1[0].captured - clean0[0].captured) / cleanSeconds,
      guest: (clean1[1].captured - clean0[1].captured) / cleanSeconds,
    };

    await guest.link.degrade({ delayMs: 150, jitterMs: 30, lossPercent: 5 });
    const slices: Slice[] = [];
    const qualities = new Set<string>();
    let reconnecting = false;
    const start = Date.now();
    let host: Received = await received(hostPerson.page);
    let guestIn: Received = await received(guest.page);
    let at = Date.now();
    while (Date.now() - start < 60_000) {
      const sliceEnd = at + SLICE_MS;
      while (Date.now() < sliceEnd) {
        await guest.page.waitForTimeout(1_000);
        if (await guest.room.reconnecting.isVisible()) reconnecting = true;
        const label = await guest.room.networkQuality.getAttribute('aria-label').catch(() => null);
        if (label) qualities.add(label);
      }
      const [h, g] = [await received(hostPerson.page), await received(guest.page)];
      const seconds = (Date.now() - at) / 1000;
      slices.push({
        fpsToHost: Math.round(((h.frames - host.frames) / seconds) * 10) / 10,
        fpsToGuest: Math.round(((g.frames - guestIn.frames) / seconds) * 10) / 10,
        audioToHost: h.audioPackets - host.audioPackets,
        audioToGuest: g.audioPackets - guestIn.audioPackets,
        samplesToHost: h.audioSamples - host.audioSamples,
        samplesToGuest: g.audioSamples - guestIn.audioSamples,
        widthToHost: h.width,
        widthToGuest: g.width,
        capturedByGuest: Math.round(((g.captured - guestIn.captured) / seconds) * 10) / 10,
        capturedByHost: Math.round(((h.captured - host.captured) / seconds) * 10) / 10,
        // Received by the host, and encoded by the guest who sent it (and the other way).
        diagToHost: {
          ...diagBetween(host.diag, h.diag),
          encodedMid: g.diag.encodedMid - guestIn.diag.encodedMid,
        },
        diagToGuest: {
          ...diagBetween(guestIn.diag, g.diag),
          encodedMid: h.diag.encodedMid - host.diag.encodedMid,
        },
      });
      [host, guestIn, at] = [h, g, Date.now()];
    }
    await guest.link.heal();

    for (const [i, { diagToHost, diagToGuest, ...s }] of slices.entries()) {
      report(`degraded slice ${i + 1}`, {
        ...s,
        diagToHost: JSON.stringify(diagToHost),
        diagToGuest: JSON.stringify(diagToGuest),
      });
    }
    report('degraded summary', {
      cleanFps: Math.round(cleanFps * 10) / 10,
      cleanCapturedByHost: Math.round(cleanCaptured.host * 10) / 10,
      cleanCapturedByGuest: Math.round(cleanCaptured.guest * 10) / 10,
      cleanWidthToHost: cleanWidth,
      minuteFpsToHost: Math.round(minuteFps(slices, 'fpsToHost') * 10) / 10,
      minuteFpsToGuest: Math.round(minuteFps(slices, 'fpsToGuest') * 10) / 10,
      minFpsToHost: Math.min(...slices.map((s) => s.fpsToHost)),
      minFpsToGuest: Math.min(...slices.map((s) => s.fpsToGuest)),
      indicator: [...qualities].join(' | '),
    });

    // No full reconnect: the same socket, the same participant, the same peer connections.
    expect(reconnecting).toBe(false);
    expect(guest.socket.opened).toBe(sockets);
    expect(guest.socket.selfIds()).toHaveLength(welcomes);
    expect((await received(hostPerson.page)).peers).toBe(peers.host);
    expect((await received(guest.page)).peers).toBe(peers.guest);
    expect(hostPerson.socket.departures()).toEqual([]);
    // Audio and video kept flowing, both ways, in every 10 s slice.
    for (const s of slices) {
      expect(s.audioToHost).toBeGreaterThan(100);
      expect(s.audioToGuest).toBeGreaterThan(100);
      expect(s.samplesToHost).toBeGreaterThan(0);
      expect(s.samplesToGuest).toBeGreaterThan(0);
      // Never a stall: no 10 s stretch under three quarters of the bar.
      expect(s.fpsToHost).toBeGreaterThanOrEqual(STALL_FPS);
      expect(s.fpsToGuest).toBeGreaterThanOrEqual(STALL_FPS);
    }
    // 10 fps or more both ways over the degraded minute (issue 17). The spec runs alone (project
    // `calls-network`), so the browsers have the machine's CPU to themselves.
    expect(minuteFps(slices, 'fpsToHost')).toBeGreaterThanOrEqual(10);
    expect(minuteFps(slices, 'fpsToGuest')).toBeGreaterThanOrEqual(10);
    // At a lower layer both ways: the guest's camera sends below 720p over its lossy uplink,
    // and the media server relays below 720p down to it.
    expect(slices.at(-1)!.widthToHost).toBeLessThanOrEqual(640);
    expect(slices.at(-1)!.widthToGuest).toBeLessThanOrEqual(640);
    // The guest's indicator showed the degraded link.
    expect([...qualities].some((q) => /Fair|Poor/.test(q))).toBe(true);
  });
});
