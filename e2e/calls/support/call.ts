import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { test as base, expect } from '../../support/fixtures.ts';
import { uniqueEmail, uniqueUsername, STRONG_PASSWORD } from '../../support/data.ts';
import { E2E_ENV } from '../../support/env.ts';
import { extractCode, waitForMail } from '../../support/mail.ts';
import { callsEnv } from '../../support/netns-env.ts';
import { PreJoinPage } from '../../pages/join.ts';
import { RoomPage } from '../../pages/room.ts';

declare global {
  interface Window {
    /** Every RTCPeerConnection the page made (the calls harness's init script keeps them). */
    __e2ePeers?: RTCPeerConnection[];
  }
}

/**
 * Runs before the app's own scripts in every page of a participant: keeps each
 * RTCPeerConnection the app creates, so a spec can read `getStats()` (inbound-rtp
 * framesDecoded, packetsReceived, totalAudioEnergy) without a hook in the app.
 */
export function keepPeerConnections(): void {
  const Native = window.RTCPeerConnection;
  const peers: RTCPeerConnection[] = [];
  window.__e2ePeers = peers;
  window.RTCPeerConnection = class extends Native {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      peers.push(this);
    }
  };
}

/** One received RTP stream, keyed by peer connection and stats id. */
export interface InboundStream {
  kind: 'audio' | 'video';
  framesDecoded: number;
  packetsReceived: number;
  totalAudioEnergy: number;
}

/**
 * What the media helpers need of a page: a Playwright page, or the puppeteer page of the
 * Firefox guest (calls/firefox.spec.ts) wrapped to this shape.
 */
export interface StatsPage {
  evaluate<R>(fn: () => Promise<R>): Promise<R>;
  url(): string;
}

/** Inbound RTP streams of the page's open peer connections. */
export function inboundStreams(page: StatsPage): Promise<Record<string, InboundStream>> {
  return page.evaluate(async () => {
    const out: Record<string, InboundStream> = {};
    const peers = window.__e2ePeers ?? [];
    for (const [index, pc] of peers.entries()) {
      if (pc.connectionState === 'closed') continue;
      const report = await pc.getStats();
      report.forEach((s: Record<string, unknown>) => {
        if (s.type !== 'inbound-rtp') return;
        out[`${index}:${String(s.id)}`] = {
          kind: s.kind === 'audio' ? 'audio' : 'video',
          framesDecoded: Number(s.framesDecoded ?? 0),
          packetsReceived: Number(s.packetsReceived ?? 0),
          totalAudioEnergy: Number(s.totalAudioEnergy ?? 0),
        };
      });
    }
    return out;
  });
}

/** How many received streams moved forward over `ms`. */
export interface Flow {
  /** Video streams whose framesDecoded grew. */
  video: number;
  /** Audio streams whose packetsReceived grew. */
  audio: number;
  /** Audio streams whose totalAudioEnergy grew (sound really played out, not just packets). */
  audible: number;
}

export async function flowOver(page: StatsPage, ms = 1500): Promise<Flow> {
  const before = await inboundStreams(page);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = await inboundStreams(page);
  const flow: Flow = { video: 0, audio: 0, audible: 0 };
  for (const [key, now] of Object.entries(after)) {
    const then = before[key];
    if (now.kind === 'video') {
      if (now.framesDecoded > (then?.framesDecoded ?? 0)) flow.video += 1;
    } else {
      if (now.packetsReceived > (then?.packetsReceived ?? 0)) flow.audio += 1;
      if (now.totalAudioEnergy > (then?.totalAudioEnergy ?? 0)) flow.audible += 1;
    }
  }
  return flow;
}

/**
 * Waits until at least `expected` received video and audio streams are flowing: frames
 * decoded, audio packets received and audio energy played out, all growing.
 */
export async function expectMediaFlow(
  page: StatsPage,
  expected: { video?: number; audio?: number },
  timeout = 30_000,
): Promise<void> {
  const want: Flow = {
    video: expected.video ?? 0,
    audio: expected.audio ?? 0,
    audible: expected.audio ?? 0,
  };
  // At least the wanted number: counts are capped so the poll can compare for equality.
  const capped = async (): Promise<Flow> => {
    const flow = await flowOver(page);
    return {
      video: Math.min(flow.video, want.video),
      audio: Math.min(flow.audio, want.audio),
      audible: Math.min(flow.audible, want.audible),
    };
  };
  try {
    await expect
      .poll(capped, { timeout, intervals: [0], message: `media flowing into ${page.url()}` })
      .toEqual(want);
  } catch (error) {
    // What the peer connections were doing: enough to tell ICE from negotiation from sending.
    const peers = await describePeers(page).catch((e: unknown) => String(e));
    throw new Error(`${(error as Error).message}\npeer connections:\n${peers}`, { cause: error });
  }
}

/** State and RTP counters of every peer connection of the page, one line each. */
export function describePeers(page: StatsPage): Promise<string> {
  return page.evaluate(async () => {
    const lines: string[] = [];
    for (const [index, pc] of (window.__e2ePeers ?? []).entries()) {
      const rtp: string[] = [];
      (await pc.getStats()).forEach((s: Record<string, unknown>) => {
        if (s.type === 'inbound-rtp')
          rtp.push(`in ${String(s.kind)} pkts=${String(s.packetsReceived)}`);
        if (s.type === 'outbound-rtp')
          rtp.push(`out ${String(s.kind)} pkts=${String(s.packetsSent)}`);
      });
      lines.push(
        `#${index} ${pc.connectionState}/${pc.iceConnectionState}/${pc.signalingState} ` +
          rtp.join(', '),
      );
    }
    return lines.join('\n');
  });
}

/** Frames the <video> of a tile ('Guest Giang', 'Screen of Guest Giang') has decoded so far. */
export function tileFrames(room: RoomPage, tile: string): Promise<number> {
  return room
    .tile(tile)
    .locator('video')
    .evaluate((video) => (video as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames);
}

/** Waits until the <video> of a tile keeps decoding frames. */
export async function expectTileDecoding(room: RoomPage, tile: string): Promise<void> {
  await expect(room.tile(tile).locator('video')).toBeVisible();
  await expect.poll(() => tileFrames(room, tile), { timeout: 20_000 }).toBeGreaterThan(0);
  const before = await tileFrames(room, tile);
  await expect.poll(() => tileFrames(room, tile), { timeout: 20_000 }).toBeGreaterThan(before + 5);
}

/** Janus's process id: the one `janus` process inside the test namespace (none while down). */
export function janusPid(): number | undefined {
  const out = execFileSync('ip', ['netns', 'pids', callsEnv('netns')], { encoding: 'utf8' });
  for (const pid of out.split('\n').map(Number)) {
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'janus') return pid;
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

/**
 * Marks the page's JavaScript realm, so a spec can tell later that the page was never
 * reloaded (a reload starts a new realm without the mark).
 */
export async function markPage(page: Page): Promise<() => Promise<boolean>> {
  const mark = `m${Math.random().toString(36).slice(2)}`;
  await page.evaluate((m) => {
    (window as Window & { __e2eMark?: string }).__e2eMark = m;
  }, mark);
  return () =>
    page.evaluate((m) => (window as Window & { __e2eMark?: string }).__e2eMark === m, mark);
}

// ---- People and events ---------------------------------------------------------------------

export interface Host {
  name: string;
  email: string;
  token: string;
  renewal: string;
}

const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * Signs a host up through the API and confirms the address with the code the server mailed
 * (read from the SMTP capture of the calls server).
 */
export async function signUpHost(request: APIRequestContext, name: string): Promise<Host> {
  const email = uniqueEmail('host');
  const since = Date.now() - 1000;
  const signup = await request.post('/api/v1/user/signup', {
    headers: API_HEADERS,
    data: { email, username: uniqueUsername('h'), password: STRONG_PASSWORD, full_name: name },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const body = (await signup.json()) as { authorization: string; renewal_token: string };
  const code = extractCode(await waitForMail(email, { since }));
  const confirmed = await request.post('/api/v1/user/confirm-email', {
    headers: { ...API_HEADERS, authorization: `Bearer ${body.authorization}` },
    data: { code },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { name, email, token: body.authorization, renewal: body.renewal_token };
}

export interface CallEvent {
  id: string;
  /** The alias: the join link is /j/<name>. */
  name: string;
  title: string;
  link: string;
}

/** Creates an event of `host` (a meeting without passcode unless `extra` says otherwise). */
export async function createEvent(
  request: APIRequestContext,
  host: Host,
  extra: Record<string, unknown> = {},
): Promise<CallEvent> {
  const start = new Date(Date.now() + 5 * 60_000);
  start.setUTCSeconds(0, 0);
  const title = `Call ${Date.now().toString(36)}`;
  const res = await request.post('/api/account/qrcode/create', {
    headers: { ...API_HEADERS, authorization: `Bearer ${host.token}` },
    data: {
      title,
      start_time: start.toISOString(),
      join_before_host: true,
      require_passcode: false,
      mode: 'meeting',
      ...extra,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const event = (await res.json()) as { id: string; name: string; invite_link: string };
  return { id: event.id, name: event.name, title, link: `/j/${event.name}` };
}

/** PODIUM_E2E_CALLS_DEBUG=1: the page's console and socket frames on the runner's output. */
function traceSignaling(page: Page, name: string): void {
  const clock = () => new Date().toISOString().slice(11, 23);
  const short = (text: string) => text.replace(/"sdp":"[^"]*"/g, '"sdp":"…"').slice(0, 400);
  page.on('console', (m) =>
    process.stdout.write(`${clock()} [${name}] console.${m.type()}: ${m.text()}\n`),
  );
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) =>
      process.stdout.write(`${clock()} [${name}] > ${short(String(f.payload))}\n`),
    );
    ws.on('framereceived', (f) =>
      process.stdout.write(`${clock()} [${name}] < ${short(String(f.payload))}\n`),
    );
    ws.on('close', () => process.stdout.write(`${clock()} [${name}] socket closed\n`));
  });
}

export interface Participant {
  name: string;
  context: BrowserContext;
  page: Page;
  room: RoomPage;
}

/**
 * The people of one test, each in a browser context of their own (own cookies and storage)
 * inside the namespace's Chromium. Contexts are closed at the end of the test.
 */
export class Call {
  readonly #contexts: BrowserContext[] = [];

  constructor(
    readonly browser: Browser,
    readonly baseUrl: string,
  ) {}

  /** A new person on a blank page. */
  async open(name: string): Promise<Participant> {
    const context = await this.browser.newContext({ baseURL: this.baseUrl });
    this.#contexts.push(context);
    await context.addInitScript(keepPeerConnections);
    const page = await context.newPage();
    if (process.env.PODIUM_E2E_CALLS_DEBUG) traceSignaling(page, name);
    return { name, context, page, room: new RoomPage(page) };
  }

  /** Signs `person` in as `host` (the token cookies, as the app stores them). */
  async signIn(person: Participant, host: Host): Promise<void> {
    await person.context.addCookies(
      [
        ['access_token', host.token],
        ['renewal_token', host.renewal],
      ].map(([name, value]) => ({ name: name!, value: value!, url: this.baseUrl })),
    );
  }

  /** The host that `person` signed in as through the UI. */
  async hostOf(person: Participant, email: string): Promise<Host> {
    const cookies = await person.context.cookies(this.baseUrl);
    const value = (name: string) => {
      const cookie = cookies.find((c) => c.name === name);
      if (!cookie) throw new Error(`${person.name} is not signed in: no ${name} cookie`);
      return decodeURIComponent(cookie.value);
    };
    return {
      name: person.name,
      email,
      token: value('access_token'),
      renewal: value('renewal_token'),
    };
  }

  async gotoPreJoin(person: Participant, event: CallEvent): Promise<PreJoinPage> {
    const prejoin = new PreJoinPage(person.page);
    await prejoin.goto(event.link);
    return prejoin;
  }

  /** The host, signed in, on the event's pre-join page. */
  async openAsHost(host: Host, event: CallEvent): Promise<Participant> {
    const person = await this.open(host.name);
    await this.signIn(person, host);
    await this.gotoPreJoin(person, event);
    return person;
  }

  /** A guest on the event's pre-join page, the name typed in. */
  async openAsGuest(name: string, event: CallEvent): Promise<Participant> {
    const person = await this.open(name);
    const prejoin = await this.gotoPreJoin(person, event);
    await prejoin.displayName.fill(name);
    return person;
  }

  /** Clicks 'Join in browser' and waits for the call (past any waiting screen). */
  async join(person: Participant): Promise<void> {
    await this.enter(person);
    await person.room.waitForCall();
  }

  /** Clicks 'Join in browser' and waits for the room page, whatever it shows (waiting screens). */
  async enter(person: Participant): Promise<void> {
    await new PreJoinPage(person.page).joinButton.click();
    await expect(person.page).toHaveURL(/\/j\/[^/]+\/room$/);
  }

  /** Turns camera and microphone on in the call. */
  async cameraAndMicOn(person: Participant): Promise<void> {
    const { room } = person;
    await room.camera.click();
    await expect(room.camera).toHaveAttribute('aria-pressed', 'true');
    await room.microphone.click();
    await expect(room.microphone).toHaveAttribute('aria-pressed', 'true');
  }

  async close(): Promise<void> {
    for (const context of this.#contexts.splice(0)) await context.close().catch(() => undefined);
  }
}

/** The opening of most call specs: a host with an event, already in its call. */
export interface HostedCall {
  host: Host;
  event: CallEvent;
  hostPerson: Participant;
}

export interface CallOpening {
  /** The host's full name ('Hà Host' unless given). */
  host?: string;
  /** Runs on each person's pre-join page, before they join (e.g. to tap their socket). */
  beforeJoin?: (person: Participant) => Promise<void>;
}

/** Signs a host up, creates their event and has them join its call. */
export async function startHostedCall(
  call: Call,
  request: APIRequestContext,
  { host: hostName = 'Hà Host', beforeJoin }: CallOpening = {},
): Promise<HostedCall> {
  const host = await signUpHost(request, hostName);
  const event = await createEvent(request, host);
  const hostPerson = await call.openAsHost(host, event);
  await beforeJoin?.(hostPerson);
  await call.join(hostPerson);
  return { host, event, hostPerson };
}

export interface TwoWayCall extends HostedCall {
  guest: Participant;
}

/**
 * A host and a guest in one call, both with camera and microphone on, each receiving the
 * other's video and audio.
 */
export async function startTwoWayCall(
  call: Call,
  request: APIRequestContext,
  opening: CallOpening & { guest?: string } = {},
): Promise<TwoWayCall> {
  const hosted = await startHostedCall(call, request, opening);
  const { hostPerson, event } = hosted;
  const guest = await call.openAsGuest(opening.guest ?? 'Guest Giang', event);
  await opening.beforeJoin?.(guest);
  await call.join(guest);
  await call.cameraAndMicOn(hostPerson);
  await call.cameraAndMicOn(guest);
  await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 });
  await expectMediaFlow(guest.page, { video: 1, audio: 1 });
  return { ...hosted, guest };
}

export interface CallFixtures {
  call: Call;
}

export const test = base.extend<CallFixtures, { callsMail: void }>({
  // The shared mail helpers read the mail folder from the environment: point them at the SMTP
  // capture of the calls server (this worker runs only call specs).
  callsMail: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      process.env[E2E_ENV.mailDir] = callsEnv('mailDir');
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  call: async ({ browser }, use) => {
    const call = new Call(browser, callsEnv('baseUrl'));
    await use(call);
    await call.close();
  },
});

export { expect };
