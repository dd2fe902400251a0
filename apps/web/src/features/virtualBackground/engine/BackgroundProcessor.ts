import type { CameraFilter } from '../../../shared/media/cameraFilter.ts';
import { FALLBACK_BUDGET, FrameBudget, type BudgetOptions, type BudgetVerdict } from '../budget.ts';
import { Compositor, type Backdrop } from './compositor.ts';
import { Segmenter } from './segmenter.ts';
import { Ticker } from './ticker.ts';

export type { Backdrop } from './compositor.ts';

/** User Timing name of one processed frame (segmentation + compositing): read by the bench. */
const FRAME_MEASURE = 'podium:virtual-background-frame';
/** User Timing name of one segmentation in the worker: read by the bench. */
const SEGMENT_MEASURE = 'podium:virtual-background-segment';
/**
 * The model's own input size (landscape model): the frame is shrunk to it here, on a 2D canvas,
 * so 37 K pixels go to the worker per frame instead of a 720p frame's 922 K.
 */
const INPUT_WIDTH = 256;
const INPUT_HEIGHT = 144;
/** Measures are cleared after this many so an hour-long call does not pile them up. */
const MEASURES_KEPT = 900;

export interface ProcessorOptions {
  backdrop: Backdrop;
  /** The device cannot keep up (the median frame time stayed above the budget). */
  onTooSlow: (medianMs: number) => void;
  /** Processing broke (lost WebGL context, wasm error): the caller turns it off. */
  onError: (error: unknown) => void;
  budget?: BudgetOptions;
  /** How often a frame is taken from the camera. */
  fps?: number;
}

/**
 * The virtual background of one camera: the raw track plays into a detached <video>, each
 * tick segments the current frame and composites it over the backdrop on a canvas, whose
 * captureStream() is the track that is sent and shown. The output stream outlives device
 * switches (only the input changes), so the sender keeps its track. Created on demand through
 * load.ts: none of this is in a page's bundle until a background is chosen.
 */
export class BackgroundProcessor implements CameraFilter {
  #segmenter: Segmenter;
  #options: ProcessorOptions;
  #backdrop: Backdrop;
  #video: HTMLVideoElement;
  #compositor = new Compositor();
  #input: HTMLCanvasElement;
  #inputCtx: CanvasRenderingContext2D;
  #output: MediaStream;
  #raw: MediaStreamTrack | null = null;
  #ticker: Ticker;
  #budget: FrameBudget;
  /** The worker's time per mask: a device whose masks lag far behind is too slow too. */
  #segmentBudget: FrameBudget;
  #closed = false;
  #reported = false;
  #frames = 0;
  /** No frame starts before this (performance.now()): see #tick. */
  #restUntil = 0;

  private constructor(segmenter: Segmenter, options: ProcessorOptions) {
    this.#segmenter = segmenter;
    this.#options = options;
    this.#backdrop = options.backdrop;
    this.#budget = new FrameBudget(options.budget ?? FALLBACK_BUDGET);
    this.#segmentBudget = new FrameBudget(options.budget ?? FALLBACK_BUDGET);
    this.#video = document.createElement('video');
    this.#video.muted = true;
    this.#video.playsInline = true;
    this.#input = document.createElement('canvas');
    this.#input.width = INPUT_WIDTH;
    this.#input.height = INPUT_HEIGHT;
    // Read back every frame for the worker: a CPU-backed canvas.
    const inputCtx = this.#input.getContext('2d', { willReadFrequently: true });
    if (!inputCtx) throw new Error('virtual background: no 2D canvas');
    this.#inputCtx = inputCtx;
    this.#output = this.#compositor.canvas.captureStream();
    this.#ticker = new Ticker(1000 / (options.fps ?? 30), () => this.#tick());
  }

  /** Loads the model (first use: the wasm and model files from this origin) and starts. */
  static async create(options: ProcessorOptions): Promise<BackgroundProcessor> {
    let processor: BackgroundProcessor | null = null;
    const segmenter = await Segmenter.create({
      width: INPUT_WIDTH,
      height: INPUT_HEIGHT,
      onMask: (ms) => {
        if (processor) processor.#masked(ms);
      },
      onError: (error) => {
        if (processor && !processor.#closed) options.onError(error);
      },
    });
    processor = new BackgroundProcessor(segmenter, options);
    return processor;
  }

  setBackdrop(backdrop: Backdrop): void {
    this.#backdrop = backdrop;
  }

  apply(raw: MediaStreamTrack | null): MediaStream | null {
    if (this.#closed) return null;
    if (raw !== this.#raw) {
      this.#raw = raw;
      this.#budget.restart();
      this.#segmentBudget.restart();
      this.#video.srcObject = raw ? new MediaStream([raw]) : null;
      if (raw) void this.#video.play().catch(() => undefined);
    }
    return raw ? this.#output : null;
  }

  /**
   * One output frame, at the camera's rate: the frame shrunk to the model's size goes to the
   * worker when it is free, and the output is composited with the latest mask (one or two
   * frames old at most on a device that keeps up), so the sent camera never waits for the model.
   */
  #tick(): void {
    const video = this.#video;
    const raw = this.#raw;
    if (this.#closed || !raw || raw.readyState === 'ended') return;
    if (video.readyState < 2 || !video.videoWidth) return;
    if (performance.now() < this.#restUntil) return;
    const started = performance.now();
    try {
      this.#compositor.resize(video.videoWidth, video.videoHeight, INPUT_WIDTH, INPUT_HEIGHT);
      this.#inputCtx.drawImage(video, 0, 0, INPUT_WIDTH, INPUT_HEIGHT);
      if (this.#segmenter.idle) {
        this.#segmenter.send(this.#inputCtx.getImageData(0, 0, INPUT_WIDTH, INPUT_HEIGHT));
      }
      // Until the first mask, nothing is drawn: the output shows no unprocessed frame.
      if (!this.#segmenter.ready) return;
      this.#compositor.draw(this.#segmenter.mask, video, this.#input, this.#backdrop);
    } catch (error) {
      if (!this.#closed) this.#options.onError(error);
      return;
    }
    const now = performance.now();
    // Compositing runs on the page's main thread: after a slow frame the page gets half as long
    // again to itself (input, rendering, the call's own work), so a slow device drops frames
    // rather than freezing the page. A fast one (under 22 ms a frame) still gets every tick.
    this.#restUntil = now + (now - started) / 2;
    this.#measure(FRAME_MEASURE, started, now);
    this.#judge(this.#budget.record(now - started, now));
  }

  /** A mask arrived from the worker after `ms` of segmentation there. */
  #masked(ms: number): void {
    if (this.#closed) return;
    const now = performance.now();
    this.#measure(SEGMENT_MEASURE, now - ms, now);
    this.#judge(this.#segmentBudget.record(ms, now));
  }

  #judge(verdict: BudgetVerdict): void {
    if (verdict === 'too_slow' && !this.#reported) {
      this.#reported = true;
      this.#options.onTooSlow(Math.max(this.#budget.medianMs, this.#segmentBudget.medianMs));
    }
  }

  #measure(name: string, start: number, end: number): void {
    try {
      performance.measure(name, { start, end });
      if (++this.#frames % MEASURES_KEPT === 0) {
        performance.clearMeasures(FRAME_MEASURE);
        performance.clearMeasures(SEGMENT_MEASURE);
      }
    } catch {
      // User Timing is only for measuring; processing goes on without it.
    }
  }

  /** Stops processing and the output track; the raw camera is the caller's and stays open. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#ticker.stop();
    this.#video.srcObject = null;
    for (const track of this.#output.getTracks()) track.stop();
    this.#segmenter.close();
  }
}
