import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { callsEnv } from '../../support/netns-env.ts';
import {
  Call,
  createEvent,
  expectMediaFlow,
  signUpHost,
  test as callTest,
  type CallEvent,
  type Participant,
} from './call.ts';
import { launchInNetns, ParticipantLink } from './own-netns.ts';

/**
 * Calls whose participants each have a network namespace and browser of their own
 * (own-netns.ts), so a spec can break one person's network: `person.link.blackout()`,
 * `person.link.degrade({ delayMs, jitterMs, lossPercent })`, `person.link.heal()`.
 */

/** A participant with their own link (and browser, inside that link's namespace). */
export interface NetPerson extends Participant {
  link: ParticipantLink;
  /** The person's own browser's call helpers (join, camera and microphone). */
  call: Call;
  /** What the server said on this person's signaling socket (observed, not routed). */
  socket: SocketLog;
}

/** Frames the server sent to a page, kept in order, without touching the socket itself. */
export class SocketLog {
  readonly received: Array<{ type: string } & Record<string, unknown>> = [];
  /** Sockets the page opened; each reconnection opens one more. */
  opened = 0;
  closed = 0;

  constructor(page: Page) {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/socket/member/v1')) return;
      this.opened += 1;
      ws.on('close', () => (this.closed += 1));
      ws.on('framereceived', (frame) => {
        try {
          const json = JSON.parse(String(frame.payload)) as unknown;
          if (
            json &&
            typeof json === 'object' &&
            typeof (json as { type?: unknown }).type === 'string'
          ) {
            this.received.push(json as { type: string } & Record<string, unknown>);
          }
        } catch {
          // Not JSON: nothing the app reads either.
        }
      });
    });
  }

  events(type: string): Array<Record<string, unknown>> {
    return this.received.filter((m) => m.type === type);
  }

  /** The participant id of each `welcome` (join, then every resume). */
  selfIds(): string[] {
    return this.events('welcome').map((w) => String((w.participant as { id: unknown }).id));
  }

  /** Ids of the people this page was told had left. */
  departures(): string[] {
    return this.events('participant_left').map((e) => String(e.participant_id));
  }
}

/** Totals of what a page received, over its open peer connections. */
export interface Received {
  /** Video frames decoded. */
  frames: number;
  /** Audio RTP packets received and audio samples received. */
  audioPackets: number;
  audioSamples: number;
  /** The largest decoded frame width (the simulcast layer being received). */
  width: number;
  /** Peer connections the page made so far (a full reconnect builds new ones). */
  peers: number;
  /**
   * Frames the page's own camera captured (media-source): what it had to send, whatever the
   * network did. On a loaded machine this swings by itself (the fake camera made 19, 7, 18, 11,
   * 5 fps in successive 10 s at load 50), so a receiver's rate is judged against it.
   */
  captured: number;
  /**
   * Where frames went, for the reports (not judged): what this page's camera encoded on its
   * middle layer (rid m), and of the video it receives: frames that arrived whole, frames
   * dropped before display, key frames decoded, freezes, and the NACKs and PLIs it sent.
   */
  diag: {
    encodedMid: number;
    framesReceived: number;
    framesDropped: number;
    keyFrames: number;
    freezes: number;
    nacks: number;
    plis: number;
  };
}

export function received(page: Page): Promise<Received> {
  return page.evaluate(async () => {
    const diag = {
      encodedMid: 0,
      framesReceived: 0,
      framesDropped: 0,
      keyFrames: 0,
      freezes: 0,
      nacks: 0,
      plis: 0,
    };
    const out = {
      frames: 0,
      audioPackets: 0,
      audioSamples: 0,
      width: 0,
      peers: 0,
      captured: 0,
      diag,
    };
    const peers = window.__e2ePeers ?? [];
    out.peers = peers.length;
    for (const pc of peers) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: Record<string, unknown>) => {
        if (s.type === 'media-source' && s.kind === 'video') out.captured += Number(s.frames ?? 0);
        if (s.type === 'outbound-rtp' && s.kind === 'video' && s.rid === 'm') {
          diag.encodedMid += Number(s.framesEncoded ?? 0);
        }
        if (s.type !== 'inbound-rtp') return;
        if (s.kind === 'video') {
          out.frames += Number(s.framesDecoded ?? 0);
          diag.framesReceived += Number(s.framesReceived ?? 0);
          diag.framesDropped += Number(s.framesDropped ?? 0);
          diag.keyFrames += Number(s.keyFramesDecoded ?? 0);
          diag.freezes += Number(s.freezeCount ?? 0);
          diag.nacks += Number(s.nackCount ?? 0);
          diag.plis += Number(s.pliCount ?? 0);
          out.width = Math.max(out.width, Number(s.frameWidth ?? 0));
        } else {
          out.audioPackets += Number(s.packetsReceived ?? 0);
          out.audioSamples += Number(s.totalSamplesReceived ?? 0);
        }
      });
    }
    return out;
  });
}

/**
 * Milliseconds from now until `page` has decoded `frames` more video frames and received `packets`
 * more audio packets (polled every 200 ms); throws after `timeoutMs`.
 */
export async function msUntilMediaFlows(
  page: Page,
  { frames = 5, packets = 10, timeoutMs = 30_000 } = {},
): Promise<number> {
  const start = Date.now();
  const base = await received(page);
  for (;;) {
    const now = await received(page);
    // Counters of a rebuilt connection start again from 0: count growth from the lower value.
    const df = now.frames - Math.min(base.frames, now.frames);
    const dp = now.audioPackets - Math.min(base.audioPackets, now.audioPackets);
    if (now.frames < base.frames) base.frames = now.frames;
    if (now.audioPackets < base.audioPackets) base.audioPackets = now.audioPackets;
    if (df >= frames && dp >= packets) return Date.now() - start;
    if (Date.now() - start > timeoutMs) {
      throw new Error(`media did not flow into ${page.url()} within ${timeoutMs} ms`);
    }
    await page.waitForTimeout(200);
  }
}

/** People with their own links; their browsers and namespaces go at the end of the test. */
export class NetCalls {
  readonly #browsers: Browser[] = [];
  readonly #links: ParticipantLink[] = [];
  readonly #calls: Call[] = [];

  /** A new person on a blank page, in a namespace and browser of their own. */
  async open(): Promise<{ call: Call; link: ParticipantLink }> {
    const link = await ParticipantLink.create();
    this.#links.push(link);
    const browser = await launchInNetns(link);
    this.#browsers.push(browser);
    const call = new Call(browser, callsEnv('baseUrl'));
    this.#calls.push(call);
    return { call, link };
  }

  async close(): Promise<void> {
    for (const call of this.#calls.splice(0)) await call.close();
    for (const browser of this.#browsers.splice(0)) await browser.close().catch(() => undefined);
    for (const link of this.#links.splice(0)) await link.destroy();
  }
}

export interface NetTwoWayCall {
  event: CallEvent;
  hostPerson: NetPerson;
  guest: NetPerson;
}

/**
 * A host and a guest, each on their own link, both with camera and microphone on and each
 * receiving the other's video and audio.
 */
export async function startNetTwoWayCall(
  net: NetCalls,
  request: APIRequestContext,
): Promise<NetTwoWayCall> {
  const host = await signUpHost(request, 'Hà Host');
  const event = await createEvent(request, host);
  const h = await net.open();
  const g = await net.open();

  const hostBase = await h.call.open(host.name);
  const hostSocket = new SocketLog(hostBase.page);
  await h.call.signIn(hostBase, host);
  await h.call.gotoPreJoin(hostBase, event);
  await h.call.join(hostBase);

  const guestBase = await g.call.open('Guest Giang');
  const guestSocket = new SocketLog(guestBase.page);
  const prejoin = await g.call.gotoPreJoin(guestBase, event);
  await prejoin.displayName.fill('Guest Giang');
  await g.call.join(guestBase);

  await h.call.cameraAndMicOn(hostBase);
  await g.call.cameraAndMicOn(guestBase);
  await expectMediaFlow(hostBase.page, { video: 1, audio: 1 });
  await expectMediaFlow(guestBase.page, { video: 1, audio: 1 });
  return {
    event,
    hostPerson: { ...hostBase, link: h.link, call: h.call, socket: hostSocket },
    guest: { ...guestBase, link: g.link, call: g.call, socket: guestSocket },
  };
}

export const test = callTest.extend<{ net: NetCalls }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  net: async ({}, use) => {
    const net = new NetCalls();
    try {
      await use(net);
    } finally {
      await net.close();
    }
  },
});

export { expect } from './call.ts';

/** One line of measurements on the runner's output (bench/README.md quotes them). */
export function report(what: string, figures: Record<string, number | string>): void {
  const parts = Object.entries(figures).map(([k, v]) => `${k}=${v}`);
  process.stdout.write(`[network-faults] ${what}: ${parts.join(' ')}\n`);
}
