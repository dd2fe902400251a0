import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type {
  EgressFailure,
  EgressOutput,
  EgressOutputState,
  EgressOutputStatus,
} from '../../realtime/room-egress.ts';
import { fileSegmentArgs, hlsArgs, redactText, rtmpArgs } from './ffmpeg-args.ts';
import { finaliseFile, segmentName, segmentsDir, writeSegmentCut } from './finalise.ts';
import { SegmentFeed } from './segment-feed.ts';
import type { TsPacket } from './ts-packets.ts';

/** An output that lags this far behind (its ffmpeg stopped reading) is failed, not buffered. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
/** An output that has not written anything this long after its input began has failed. */
const START_TIMEOUT_MS = 30_000;
/** A segment whose end the hub's output has not passed this long after it was asked ends anyway. */
const END_WAIT_MS = 10_000;

/** What a file output reads of its composition to cut at moments of the media. */
export interface MediaSource {
  /** The hub's packets of the last seconds (a resumed stretch may start before its request came). */
  recent(): readonly TsPacket[];
  /** The latest PAT and PMT, sent before a segment's first key frame. */
  tables(): readonly Buffer[];
  /** The media time (PTS) captured at wall-clock `ms`; null before the page sent anything. */
  ptsAt(ms: number): number | null;
  /** When the hub's first picture came (wall-clock ms): the page is recording; null before. */
  flowingSince(): number | null;
}

export interface OutputDeps {
  ffmpegBin: string;
  media: MediaSource;
  report(status: EgressOutputStatus): void;
  log(level: 'info' | 'warn' | 'error', msg: string, data?: Record<string, unknown>): void;
}

/** One ffmpeg run of an output (a file output has one per recorded stretch between pauses). */
interface Run {
  proc: ChildProcess;
  started: boolean;
  expectedExit: boolean;
  stderr: string;
  bytes: number;
  mediaUs: number;
  exited: Promise<number | null>;
  /** File outputs: which packets this segment gets (media-time cuts). */
  feed: SegmentFeed | null;
  segment: number;
  /** Wall-clock ms the run was asked for. */
  askedAt: number;
}

/**
 * One output of a composition: a copying ffmpeg fed with the hub's MPEG-TS. Reports its state
 * through `deps.report`; failures are mapped to the contract's reasons (room-egress.ts).
 *
 * File outputs record one fragmented-MP4 segment per stretch between pauses (in `<path>.parts/`)
 * and concatenate them into `path` when removed, so paused time is not in the file and every
 * segment is playable up to a crash. A stretch is cut at moments of the media, not when a
 * request arrives (segment-feed.ts): it starts at the key frame nearest the moment it was asked
 * for (replayed from the composition's recent packets when the request came late) and ends at
 * the moment the pause or stop was asked for.
 */
export class EgressOutputRunner {
  readonly output: EgressOutput;
  readonly #deps: OutputDeps;
  #state: EgressOutputState = 'starting';
  #failure: EgressFailure | undefined;
  #run: Run | undefined;
  #segment = 0;
  /** Bytes and media time of the file's finished segments. */
  #doneBytes = 0;
  #doneUs = 0;
  #startWaiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  #startTimer: NodeJS.Timeout | undefined;

  constructor(output: EgressOutput, deps: OutputDeps) {
    this.output = output;
    this.#deps = deps;
  }

  get state(): EgressOutputState {
    return this.#state;
  }

  status(): EgressOutputStatus {
    const s: EgressOutputStatus = { outputId: this.output.id, state: this.#state };
    if (this.#failure) s.failure = this.#failure;
    if (this.output.kind === 'file') {
      s.bytes = this.#doneBytes + (this.#run?.bytes ?? 0);
      s.durationMs = Math.round((this.#doneUs + (this.#run?.mediaUs ?? 0)) / 1000);
    }
    return s;
  }

  /**
   * Starts the output; resolves once it is running (a file: its start moment is fixed, `at` or
   * when the page's media began to flow if later; a stream: its ffmpeg writes), rejects with
   * its failure.
   */
  start(at = Date.now()): Promise<void> {
    try {
      this.#prepare();
    } catch (error) {
      this.#fail(isNoSpace(error) ? 'disk_full' : 'encoder_failed', error);
      return Promise.reject(new Error(this.#failure));
    }
    this.#spawn(at);
    return this.#whenRunning();
  }

  /** Feeds hub output (whole packets); a file segment takes the part of its stretch. */
  write(packets: readonly TsPacket[]): void {
    const run = this.#run;
    if (!run || run.expectedExit) return;
    if (run.feed) {
      this.#feedSegment(run, packets);
      return;
    }
    if (this.#state === 'paused') return;
    this.#send(run, Buffer.concat(packets.map((p) => p.data)));
  }

  #feedSegment(run: Run, packets: readonly TsPacket[]): void {
    const feed = run.feed!;
    if (feed.fromPts === null) this.#fixStart(run, run.askedAt);
    const out = feed.take(packets, () => this.#deps.media.tables());
    if (out.length > 0) this.#send(run, Buffer.concat(out));
    if (feed.done) this.#closeSegment(run);
  }

  /**
   * A stretch starts at the moment it was asked for, or when the page's media began to flow if
   * that is later (the first recording waits for the recorder page): from then on it is being
   * recorded, so the host and everyone see REC as the file's content begins.
   */
  #fixStart(run: Run, at: number): void {
    const since = this.#deps.media.flowingSince();
    if (since === null || this.#run !== run) return;
    const pts = this.#deps.media.ptsAt(Math.max(at, since));
    if (pts === null) return;
    run.feed!.startAt(pts);
    if (this.#state === 'starting') {
      this.#setState('running');
      this.#settleStart();
    }
  }

  #send(run: Run, chunk: Buffer): void {
    const stdin = run.proc.stdin;
    if (!stdin || stdin.destroyed) return;
    if (stdin.writableLength > MAX_BUFFERED_BYTES) {
      this.#deps.log('warn', 'egress output fell behind; stopping it', { output: this.output.id });
      this.#fail('encoder_failed');
      return;
    }
    this.#armStartTimer(run);
    stdin.write(chunk);
  }

  /** Pauses a file at `at` (wall clock: when the host asked); resolves once its segment ended. */
  async pause(at = Date.now()): Promise<void> {
    if (this.output.kind !== 'file') throw new Error('only file outputs pause');
    if (this.#state === 'paused') return;
    if (this.#state !== 'running') throw new Error(`cannot pause a ${this.#state} output`);
    this.#setState('paused');
    await this.#endRun(at);
  }

  /** Resumes a file from `at`; resolves once the new segment is recording. */
  async resume(at = Date.now()): Promise<void> {
    if (this.output.kind !== 'file') throw new Error('only file outputs resume');
    if (this.#state === 'running') return;
    if (this.#state !== 'paused') throw new Error(`cannot resume a ${this.#state} output`);
    this.#setState('starting');
    this.#spawn(at);
    await this.#whenRunning();
  }

  /** Stops (a file: at `at`) and finalises; resolves with the last status (stopped, or failed). */
  async stop(at = Date.now()): Promise<EgressOutputStatus> {
    if (this.#state === 'stopped' || this.#state === 'failed') {
      if (this.output.kind === 'file') await this.#finalise();
      return this.status();
    }
    this.#setState('stopping');
    await this.#endRun(at);
    if (this.output.kind === 'file') await this.#finalise();
    if (this.#state === 'stopping') this.#setState('stopped');
    return this.status();
  }

  /** The composition died: fail with `reason`, keep what a file recorded (finalised). */
  async abort(reason: EgressFailure): Promise<void> {
    if (this.#state === 'stopped' || this.#state === 'failed') return;
    this.#fail(reason);
    if (this.#run) await this.#run.exited;
    if (this.output.kind === 'file') await this.#finalise();
  }

  #prepare(): void {
    const o = this.output;
    if (o.kind === 'file') fs.mkdirSync(segmentsDir(o.path), { recursive: true });
    if (o.kind === 'hls') fs.mkdirSync(o.dir, { recursive: true });
  }

  #args(): string[] {
    const o = this.output;
    switch (o.kind) {
      case 'file':
        return fileSegmentArgs(path.join(segmentsDir(o.path), segmentName(this.#segment)));
      case 'rtmp':
        return rtmpArgs(o.url);
      case 'hls':
        return hlsArgs(o.dir);
      default: {
        const never: never = o;
        throw new Error(`unknown output ${JSON.stringify(never)}`);
      }
    }
  }

  #spawn(at: number): void {
    // SECURITY: the args may hold an RTMP stream key; they are never logged (redactArgs if needed).
    const args = this.#args();
    const segment = this.#segment++;
    const proc = spawn(this.#deps.ffmpegBin, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let resolveExit: (code: number | null) => void = () => undefined;
    const run: Run = {
      proc,
      started: false,
      expectedExit: false,
      stderr: '',
      bytes: 0,
      mediaUs: 0,
      exited: new Promise((r) => (resolveExit = r)),
      feed: this.output.kind === 'file' ? new SegmentFeed() : null,
      segment,
      askedAt: at,
    };
    this.#run = run;
    proc.stdin?.on('error', () => undefined); // EPIPE after ffmpeg exits: the exit says why
    proc.stderr?.setEncoding('utf8');
    proc.stderr?.on('data', (text: string) => {
      run.stderr = (run.stderr + text).slice(-4000);
    });
    let pending = '';
    proc.stdout?.setEncoding('utf8');
    proc.stdout?.on('data', (text: string) => {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) this.#progress(run, line);
    });
    proc.on('error', (error) => {
      run.stderr += String(error);
    });
    proc.on('exit', (code) => {
      resolveExit(code);
      this.#exited(run, code);
    });
    clearTimeout(this.#startTimer);
    this.#startTimer = undefined;
    // A stretch asked for a moment the hub already sent starts from the recent packets.
    if (run.feed) this.#feedSegment(run, this.#deps.media.recent());
  }

  /** Counted from the first input: the recorder page may take a while to load and join. */
  #armStartTimer(run: Run): void {
    if (this.#startTimer || run.started) return;
    this.#startTimer = setTimeout(() => {
      if (this.#run === run && !run.started && !run.expectedExit) {
        this.#deps.log('warn', 'egress output did not start in time', { output: this.output.id });
        run.proc.kill('SIGKILL');
      }
    }, START_TIMEOUT_MS);
    this.#startTimer.unref();
  }

  #progress(run: Run, line: string): void {
    const eq = line.indexOf('=');
    if (eq < 0) return;
    const key = line.slice(0, eq);
    const value = Number(line.slice(eq + 1));
    if (!Number.isFinite(value)) return;
    if (key === 'total_size') run.bytes = value;
    else if (key === 'out_time_us' && value >= 0) run.mediaUs = value;
    else return;
    // Written something (HLS reports no size, only media time): the output is up. (A file is
    // running once its start moment is fixed: #fixStart.)
    if (value > 0 && !run.started) {
      run.started = true;
      if (run.feed) return;
      if (this.#run === run && this.#state === 'starting') this.#setState('running');
      this.#settleStart();
    }
  }

  #exited(run: Run, code: number | null): void {
    clearTimeout(this.#startTimer);
    this.#startTimer = undefined;
    if (this.#run === run && this.output.kind === 'file') {
      const file = path.join(segmentsDir(this.output.path), segmentName(run.segment));
      if (run.feed?.empty) {
        // Nothing of the stretch was recorded (paused before its first key frame came).
        fs.rmSync(file, { force: true });
      } else {
        this.#doneBytes += fileSize(file) ?? run.bytes;
        const outpoint = run.feed?.outpoint;
        const us = outpoint == null ? run.mediaUs : Math.min(run.mediaUs, outpoint * 1e6);
        this.#doneUs += us;
      }
      this.#run = undefined;
    }
    if (run.expectedExit || this.#state === 'failed') return;
    const stderr = redactText(run.stderr.trim());
    const failure: EgressFailure = /No space left on device/i.test(stderr)
      ? 'disk_full'
      : this.output.kind === 'rtmp'
        ? run.started
          ? 'rtmp_dropped'
          : 'rtmp_refused'
        : 'encoder_failed';
    this.#deps.log('warn', 'egress output stopped', {
      output: this.output.id,
      kind: this.output.kind,
      code,
      failure,
      // SECURITY: ffmpeg names its output in errors; RTMP URLs are redacted above.
      stderr: stderr.slice(-500),
    });
    this.#fail(failure);
  }

  #fail(failure: EgressFailure, error?: unknown): void {
    if (this.#state === 'failed' || this.#state === 'stopped') return;
    if (error) this.#deps.log('warn', 'egress output failed', { err: String(error) });
    this.#failure = failure;
    this.#setState('failed');
    const run = this.#run;
    if (run && run.proc.exitCode === null) {
      run.expectedExit = true;
      run.proc.stdin?.end();
      setTimeout(() => run.proc.kill('SIGKILL'), 5000).unref();
    }
    for (const w of this.#startWaiters.splice(0)) w.reject(new Error(failure));
  }

  /**
   * Ends the current ffmpeg run cleanly (its file gets its last fragment). A file segment ends at
   * `at`: it is fed until the hub's output passes that moment (at most END_WAIT_MS), and media
   * written past it before the request came is cut when finalised.
   */
  async #endRun(at: number): Promise<void> {
    const run = this.#run;
    if (!run) return;
    if (run.feed) {
      const pts = this.#deps.media.ptsAt(at);
      if (pts !== null) run.feed.endAt(pts);
      if (pts === null || run.feed.done) this.#closeSegment(run);
      const wait = setTimeout(() => this.#closeSegment(run), END_WAIT_MS);
      await run.exited;
      clearTimeout(wait);
      return;
    }
    run.expectedExit = true;
    run.proc.stdin?.end();
    const timer = setTimeout(() => run.proc.kill('SIGKILL'), 10_000);
    await run.exited;
    clearTimeout(timer);
  }

  /** A file segment has all it gets: its cut is kept beside it, its ffmpeg finishes the file. */
  #closeSegment(run: Run): void {
    if (run.expectedExit || this.output.kind !== 'file') return;
    run.expectedExit = true;
    const outpoint = run.feed?.outpoint;
    if (outpoint != null) writeSegmentCut(this.output.path, run.segment, { outpoint });
    run.proc.stdin?.end();
    setTimeout(() => run.proc.kill('SIGKILL'), 10_000).unref();
  }

  async #finalise(): Promise<void> {
    if (this.output.kind !== 'file') return;
    try {
      await finaliseFile(this.output.path, this.#deps.ffmpegBin);
    } catch (error) {
      this.#deps.log('error', 'recording could not be finalised', { err: String(error) });
      if (isNoSpace(error)) this.#fail('disk_full');
      else this.#fail('encoder_failed');
    }
  }

  #whenRunning(): Promise<void> {
    if (this.#state === 'running') return Promise.resolve();
    if (this.#state === 'failed') return Promise.reject(new Error(this.#failure));
    return new Promise((resolve, reject) => this.#startWaiters.push({ resolve, reject }));
  }

  #settleStart(): void {
    for (const w of this.#startWaiters.splice(0)) w.resolve();
  }

  #setState(state: EgressOutputState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#deps.report(this.status());
  }
}

function fileSize(file: string): number | null {
  try {
    return fs.statSync(file).size;
  } catch {
    return null;
  }
}

function isNoSpace(error: unknown): boolean {
  const e = error as NodeJS.ErrnoException | undefined;
  return e?.code === 'ENOSPC' || /No space left on device|ENOSPC/i.test(String(error));
}
