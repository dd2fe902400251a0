import { spawn, type ChildProcess } from 'node:child_process';
import type WebSocket from 'ws';
import type { EgressOutput, EgressOutputStatus } from '../../realtime/room-egress.ts';
import { hubArgs, redactText } from './ffmpeg-args.ts';
import type { OpenSession } from './ipc.ts';
import { EgressOutputRunner, type MediaSource } from './output.ts';
import { launchRecorderBrowser } from './chromium.ts';
import { PTS_HZ, TS_PACKET, TsReader, type TsPacket } from './ts-packets.ts';

/** Measured: 15-25 s from launch to the first chunk on a loaded 2-core machine. */
const PAGE_START_TIMEOUT_MS = 90_000;
/**
 * How much of the hub's output is kept for a stretch whose request arrives late (its start was
 * already sent): measured, a click reaches the egress up to ~10 s later on a loaded machine.
 */
const RECENT_MS = 20_000;

export interface CompositionDeps {
  ffmpegBin: string;
  chromiumBin: string;
  netns: { name: string; hostIp: string } | undefined;
  report(status: EgressOutputStatus): void;
  ended(reason: 'closed' | 'egress_crashed'): void;
  browser(pid: number | null): void;
  log(level: 'info' | 'warn' | 'error', msg: string, data?: Record<string, unknown>): void;
}

/**
 * One room's composition inside the egress process: the recorder page (headless Chromium)
 * streams Matroska over the ingest socket into the hub ffmpeg; the hub's MPEG-TS feeds every
 * output. When the page, its socket or the hub dies, every output fails with `egress_crashed`
 * (files keep what they recorded) and the session ends.
 */
export class Composition {
  readonly session: OpenSession;
  readonly #deps: CompositionDeps;
  readonly #outputs = new Map<string, EgressOutputRunner>();
  #hub: ChildProcess;
  #hubStderr = '';
  #browser: ReturnType<typeof launchRecorderBrowser> | undefined;
  #ingest: WebSocket | undefined;
  #carry: Buffer = Buffer.alloc(0);
  #ended = false;
  #ingestBytes = 0;
  #pageTimer: NodeJS.Timeout;
  readonly #reader = new TsReader();
  /** The hub's packets of the last RECENT_MS, with when each came. */
  #recent: { at: number; packets: TsPacket[] }[] = [];
  /** The latest PAT/PMT (by PID), sent first to a segment that starts mid-stream. */
  readonly #tables = new Map<number, Buffer>();
  /** Wall-clock ms at the page's media time 0 (the page says when its MediaRecorder started). */
  #mediaEpochMs: number | null = null;
  /** The latest video PTS from the hub and when it came (when the page said nothing). */
  #latest: { pts: number; at: number } | null = null;
  /** When the hub's first picture came. */
  #flowingSince: number | null = null;
  readonly #media: MediaSource = {
    recent: () => this.#recent.flatMap((r) => r.packets),
    tables: () => [...this.#tables.values()],
    ptsAt: (ms) => this.#ptsAt(ms),
    flowingSince: () => this.#flowingSince,
  };

  constructor(session: OpenSession, deps: CompositionDeps) {
    this.session = session;
    this.#deps = deps;
    this.#hub = spawn(deps.ffmpegBin, hubArgs(), { stdio: ['pipe', 'pipe', 'pipe'] });
    this.#hub.stdin?.on('error', () => undefined);
    this.#hub.stderr?.setEncoding('utf8');
    this.#hub.stderr?.on('data', (t: string) => {
      this.#hubStderr = (this.#hubStderr + t).slice(-2000);
    });
    this.#hub.stdout?.on('data', (chunk: Buffer) => this.#fanOut(chunk));
    this.#hub.on('exit', (code) => {
      if (this.#ended) return;
      deps.log('error', 'egress hub ffmpeg exited', {
        code,
        stderr: redactText(this.#hubStderr).slice(-500),
      });
      void this.#die();
    });
    // The recorder page loads, joins and starts recording within this, or the session fails.
    this.#pageTimer = setTimeout(() => {
      if (this.#ended || this.#ingestBytes > 0) return;
      deps.log('error', 'the recorder page sent nothing in time');
      void this.#die();
    }, PAGE_START_TIMEOUT_MS);
    this.#pageTimer.unref();
    if (session.pageUrl) {
      this.#browser = launchRecorderBrowser({
        chromiumBin: deps.chromiumBin,
        url: session.pageUrl,
        width: session.width,
        height: session.height,
        netns: deps.netns,
      });
      deps.browser(this.#browser.proc.pid ?? null);
      this.#browser.proc.on('exit', (code, signal) => {
        deps.browser(null);
        if (this.#ended) return;
        deps.log('error', 'egress recorder browser exited', { code, signal });
        void this.#die();
      });
    }
  }

  get ingestBytes(): number {
    return this.#ingestBytes;
  }

  /** The recorder page's socket (one at a time: a second one is refused). */
  attach(ws: WebSocket): void {
    if (this.#ingest || this.#ended) {
      ws.close(1008, 'already streaming');
      return;
    }
    this.#ingest = ws;
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) {
        this.#control(data);
        return;
      }
      this.#ingestBytes += data.length;
      this.#hub.stdin?.write(data);
    });
    ws.on('close', () => {
      if (this.#ended) return;
      this.#deps.log('warn', 'the recorder page stopped streaming');
      void this.#die();
    });
  }

  /** `at`: wall-clock ms the output was asked for (a file records from then). */
  async add(output: EgressOutput, at?: number): Promise<void> {
    if (this.#ended) throw new Error('composition ended');
    if (this.#outputs.has(output.id)) throw new Error(`output ${output.id} exists`);
    const runner = new EgressOutputRunner(output, {
      ffmpegBin: this.#deps.ffmpegBin,
      media: this.#media,
      report: (s) => this.#deps.report(s),
      log: this.#deps.log,
    });
    this.#outputs.set(output.id, runner);
    await runner.start(at);
  }

  async remove(outputId: string, at?: number): Promise<EgressOutputStatus> {
    const runner = this.#get(outputId);
    const status = await runner.stop(at);
    this.#outputs.delete(outputId);
    // The last output gone: the recorder leaves the room.
    if (this.#outputs.size === 0) await this.close();
    return status;
  }

  pause(outputId: string, at?: number): Promise<void> {
    return this.#get(outputId).pause(at);
  }

  resume(outputId: string, at?: number): Promise<void> {
    return this.#get(outputId).resume(at);
  }

  /** Stops every output (finalised) and the composition; idempotent. */
  async close(): Promise<void> {
    if (this.#ended) return;
    await Promise.all([...this.#outputs.values()].map((o) => o.stop()));
    this.#outputs.clear();
    this.#end('closed');
  }

  #get(outputId: string): EgressOutputRunner {
    const runner = this.#outputs.get(outputId);
    if (!runner) throw new Error(`no output ${outputId}`);
    return runner;
  }

  /**
   * The page's text messages: `{"t":"clock","epochMs":n}`, the wall-clock time of its media's
   * time 0, so a request's moment maps to a moment of the media. Anything else is ignored.
   */
  #control(data: Buffer): void {
    if (data.length > 256) return;
    try {
      const message = JSON.parse(data.toString('utf8')) as { t?: unknown; epochMs?: unknown };
      if (message.t === 'clock' && typeof message.epochMs === 'number') {
        if (Number.isFinite(message.epochMs) && message.epochMs > 0) {
          this.#mediaEpochMs = message.epochMs;
        }
      }
    } catch {
      // Not ours to understand.
    }
  }

  /**
   * The hub copies the page's timestamps (-copyts), so media time = wall clock − the page's
   * epoch. Without it (a stream from elsewhere), the latest video PTS stands for its arrival.
   */
  #ptsAt(ms: number): number | null {
    if (this.#mediaEpochMs !== null) return Math.round(((ms - this.#mediaEpochMs) * PTS_HZ) / 1000);
    if (!this.#latest) return null;
    return Math.round(this.#latest.pts + ((ms - this.#latest.at) * PTS_HZ) / 1000);
  }

  /** Whole TS packets to every output, so one joining later starts on a packet boundary. */
  #fanOut(chunk: Buffer): void {
    const data = this.#carry.length ? Buffer.concat([this.#carry, chunk]) : chunk;
    const whole = data.length - (data.length % TS_PACKET);
    this.#carry = data.subarray(whole);
    if (whole === 0) return;
    const now = Date.now();
    const packets = this.#reader.read(data.subarray(0, whole));
    for (const p of packets) {
      if (p.kind === 'psi' && p.data[1]! & 0x40) this.#tables.set(packetPid(p.data), p.data);
      if (p.kind === 'video' && p.pts !== null) {
        this.#latest = { pts: p.pts, at: now };
        this.#flowingSince ??= now;
      }
    }
    this.#recent.push({ at: now, packets });
    while (this.#recent.length > 0 && this.#recent[0]!.at < now - RECENT_MS) this.#recent.shift();
    for (const output of this.#outputs.values()) output.write(packets);
  }

  async #die(): Promise<void> {
    if (this.#ended) return;
    await Promise.all([...this.#outputs.values()].map((o) => o.abort('egress_crashed')));
    this.#end('egress_crashed');
  }

  #end(reason: 'closed' | 'egress_crashed'): void {
    if (this.#ended) return;
    this.#ended = true;
    clearTimeout(this.#pageTimer);
    this.#ingest?.close(1000);
    this.#hub.stdin?.end();
    const hub = this.#hub;
    setTimeout(() => hub.kill('SIGKILL'), 3000).unref();
    if (this.#browser) {
      const browser = this.#browser;
      browser.proc.once('exit', () => browser.cleanup());
      browser.proc.kill('SIGTERM');
      setTimeout(() => browser.proc.kill('SIGKILL'), 3000).unref();
    }
    this.#deps.ended(reason);
  }
}

function packetPid(packet: Buffer): number {
  return ((packet[1]! & 0x1f) << 8) | packet[2]!;
}
