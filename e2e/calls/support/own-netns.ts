import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import {
  CHROMIUM_ARGS,
  chooseTestNetns,
  netnsChromiumArgs,
  writeNetnsChromiumWrapper,
} from '@podium/server/test-support';
import { callsEnv } from '../../support/netns-env.ts';

const run = promisify(execFile);

/**
 * One browser participant in a network namespace of its own, so a fault (delay, jitter, loss,
 * blackout) can hit that participant's link and nobody else's (issue 17: resilience under real
 * network faults).
 *
 * The calls set-up (support/netns-global-setup.ts) made the media namespace: Janus inside, the
 * Podium server on the host side of its veth pair. A participant's namespace is joined to the
 * host by a wire (netwire.py): a TUN device on each side and a process copying IPv4 packets
 * between them, with delay, jitter and loss applied in user space. (The kernel of the machines
 * this runs on has no netem and no tc classifiers, so `tc qdisc … netem` cannot be used.)
 *
 *   participant ──tun═wire═tun── host ──veth── media namespace (Janus)
 *                                 └─ Podium server (on the media link's host-side address)
 *
 * HTTP and the signaling socket end on the host. Media to Janus crosses the host: Janus's
 * sockets are bound to its one interface, so it can only answer through the media link. The
 * host forwards between the wire and the media link (net.ipv4.conf.<dev>.forwarding on those
 * two devices only; ip_forward stays 0). SECURITY: the wire passes only packets from the
 * participant to the server's or Janus's address and packets to the participant; the media
 * namespace routes only the participant's address via the host side, and the host side answers
 * ARP only for its own address (arp_ignore=1). Nothing can be forwarded towards the machine's
 * real interfaces.
 */

/** Namespaces of this run start with this (the global teardown removes any left over). */
export function participantNetnsPrefix(): string {
  return `${callsEnv('netns')}-p`;
}

export interface LinkFault {
  /** One-way delay added in each direction, ms. */
  delayMs?: number;
  /** ± variation of that delay, ms. */
  jitterMs?: number;
  /** Packets dropped in each direction, percent (100: a total blackout). */
  lossPercent?: number;
}

async function sh(cmd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(cmd, args, { encoding: 'utf8' });
    return stdout;
  } catch (error) {
    const e = error as Error & { stderr?: string };
    throw new Error(`\`${cmd} ${args.join(' ')}\` failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

const ipIn = (netns: string | undefined, args: string[]) =>
  sh('ip', [...(netns ? ['-n', netns] : []), ...args]);

const WIRE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'netwire.py');

/** The wire process: one JSON line in, "ok" out. */
class Wire {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #lines: string[] = [];
  readonly #waiters: Array<() => void> = [];
  #stderr = '';

  constructor(args: string[]) {
    this.#child = spawn('python3', [WIRE, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    this.#child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      let nl: number;
      while ((nl = out.indexOf('\n')) >= 0) {
        this.#lines.push(out.slice(0, nl));
        out = out.slice(nl + 1);
        this.#waiters.shift()?.();
      }
    });
    this.#child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.#stderr += chunk;
    });
    this.#child.on('exit', () => this.#waiters.splice(0).forEach((w) => w()));
  }

  /** The next line the wire prints (throws if it exits first). */
  async line(timeoutMs = 10_000): Promise<string> {
    if (this.#lines.length === 0) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('the network wire did not answer')),
          timeoutMs,
        );
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const line = this.#lines.shift();
    if (line === undefined) throw new Error(`the network wire exited: ${this.#stderr.trim()}`);
    return line;
  }

  async set(fault: { delay_ms: number; jitter_ms: number; loss_percent: number }): Promise<void> {
    this.#child.stdin.write(`${JSON.stringify(fault)}\n`);
    const answer = await this.line();
    if (answer !== 'ok') throw new Error(`the network wire said ${answer}`);
  }

  async stop(): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.#child.once('exit', resolve));
    this.#child.kill('SIGTERM');
    await exited;
  }
}

/** Links of this worker that are up, and addresses the host drops until the last one goes. */
const live = new Set<ParticipantLink>();
const blackholed = new Set<string>();

export class ParticipantLink {
  #wire: Wire | null = null;
  /** The media link's host side, once forwarding was turned on there. */
  #mediaDev: string | null = null;

  private constructor(
    readonly netns: string,
    /** The participant's address (its ICE host candidate). */
    readonly ip: string,
  ) {}

  /**
   * Creates the namespace and its wire. Root, iproute2, python3. On failure, what was made is
   * removed before the error is thrown.
   */
  static async create(): Promise<ParticipantLink> {
    const mediaNetns = callsEnv('netns');
    const serverIp = callsEnv('hostIp');
    const janusIp = callsEnv('nsIp');
    const id = crypto.randomBytes(3).toString('hex');
    const netns = `${participantNetnsPrefix()}${id}`;
    // One address of the test range for the participant (a /30 no interface here uses).
    const ip = chooseTestNetns('x').nsIp;
    const link = new ParticipantLink(netns, ip);
    // Interface names are at most 15 characters.
    const inner = `pw${id}i`;
    const outer = `pw${id}o`;
    try {
      // The media link's host side: the route towards Janus's address leaves through it.
      const mediaDev = /\bdev (\S+)/.exec(await sh('ip', ['-4', 'route', 'get', janusIp]))?.[1];
      if (!mediaDev) throw new Error(`no route to the media namespace (${janusIp})`);

      await sh('ip', ['netns', 'add', netns]);
      await sh('ip', [
        'netns',
        'exec',
        netns,
        'sysctl',
        '-qw',
        'net.ipv6.conf.all.disable_ipv6=1',
        'net.ipv6.conf.default.disable_ipv6=1',
      ]);
      await ipIn(netns, ['link', 'set', 'lo', 'up']);

      link.#wire = new Wire([netns, inner, outer, ip, serverIp, janusIp]);
      const ready = await link.#wire.line();
      if (ready !== 'ready') throw new Error(`the network wire said ${ready}`);

      // Inside: the participant's address on its end of the wire, everything routed into it.
      await ipIn(netns, ['addr', 'add', `${ip}/32`, 'dev', inner]);
      await ipIn(netns, ['link', 'set', inner, 'up']);
      await ipIn(netns, ['route', 'add', 'default', 'dev', inner]);
      // Host: the participant's address through the wire; forwarding between wire and media link.
      live.add(link);
      link.#mediaDev = mediaDev;
      await sh('sysctl', [
        '-qw',
        `net.ipv6.conf.${outer}.disable_ipv6=1`,
        `net.ipv4.conf.${outer}.forwarding=1`,
        `net.ipv4.conf.${mediaDev}.forwarding=1`,
      ]);
      await ipIn(undefined, ['link', 'set', outer, 'up']);
      await ipIn(undefined, ['route', 'add', `${ip}/32`, 'dev', outer]);
      // Janus answers the participant through the host side of the media link.
      await ipIn(mediaNetns, ['route', 'replace', `${ip}/32`, 'via', serverIp]);
    } catch (error) {
      await link.destroy();
      throw error;
    }
    return link;
  }

  /** Applies a fault to both directions of the link (replacing any earlier one). */
  async degrade(fault: LinkFault): Promise<void> {
    await this.#wire?.set({
      delay_ms: fault.delayMs ?? 0,
      jitter_ms: fault.jitterMs ?? 0,
      loss_percent: fault.lossPercent ?? 0,
    });
  }

  /** Every packet lost both ways (the link stays up, as when a network drops out). */
  blackout(): Promise<void> {
    return this.degrade({ lossPercent: 100 });
  }

  /** Back to a clean link. */
  heal(): Promise<void> {
    return this.degrade({});
  }

  /**
   * Kills what still runs inside, stops the wire (its devices go) and removes the namespace.
   * Janus may go on sending to the participant's address for a while (until its handles are
   * gone): the host drops those packets (a blackhole route while other links still forward, no
   * forwarding once the last link is gone), and the media namespace keeps routing the address
   * via the host side, so they never go looking for it anywhere else.
   */
  async destroy(): Promise<void> {
    live.delete(this);
    if (this.#mediaDev) {
      await ipIn(undefined, ['route', 'replace', 'blackhole', `${this.ip}/32`]).catch(() => '');
      blackholed.add(this.ip);
    }
    await removeParticipantNetns(this.netns);
    await this.#wire?.stop();
    if (live.size === 0 && this.#mediaDev) {
      // SECURITY: the media link forwards nothing once no participant link needs it.
      await sh('sysctl', ['-qw', `net.ipv4.conf.${this.#mediaDev}.forwarding=0`]).catch(() => '');
      for (const ip of blackholed) {
        await ipIn(undefined, ['route', 'del', 'blackhole', `${ip}/32`]).catch(() => '');
      }
      blackholed.clear();
    }
  }
}

/** Kills the processes inside a participant namespace and deletes it; nothing if it is gone. */
export async function removeParticipantNetns(netns: string): Promise<void> {
  if (!fs.existsSync(`/run/netns/${netns}`)) return;
  const pids = (await sh('ip', ['netns', 'pids', netns]).catch(() => ''))
    .split('\n')
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && pid > 0);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  await sh('ip', ['netns', 'del', netns]);
}

/** Removes every participant namespace whose name starts with `prefix` (global teardown). */
export async function removeParticipantNetnsWithPrefix(prefix: string): Promise<void> {
  const names = (await sh('ip', ['netns', 'list']).catch(() => ''))
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0] ?? '')
    .filter((name) => name.startsWith(prefix));
  for (const name of names) await removeParticipantNetns(name).catch(() => undefined);
}

/**
 * A participant's own Chromium, launched inside its namespace through a wrapper (as the calls
 * project's browsers are, notes/media-janus.md), with the same switches.
 */
export async function launchInNetns(link: ParticipantLink): Promise<Browser> {
  const baseUrl = callsEnv('baseUrl');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-e2e-pnet-'));
  const wrapper = writeNetnsChromiumWrapper(path.join(dir, 'chromium'), link.netns);
  const browser = await chromium.launch({
    executablePath: wrapper,
    headless: true,
    args: [...CHROMIUM_ARGS, ...netnsChromiumArgs(baseUrl, callsEnv('hostIp'))],
  });
  browser.on('disconnected', () => fs.rmSync(dir, { recursive: true, force: true }));
  return browser;
}
