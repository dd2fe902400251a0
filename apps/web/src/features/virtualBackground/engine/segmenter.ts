// The files, copied by Vite into the build's assets and served by Podium itself (no CDN,
// nothing downloaded at run time). `no-inline`: a data: URL is not a source the CSP allows.
import landscapeModel from '@mediapipe/selfie_segmentation/selfie_segmentation_landscape.tflite?url&no-inline';
import wasmLoader from '@mediapipe/tasks-vision/vision_wasm_module_internal.js?url&no-inline';
import wasmBinary from '@mediapipe/tasks-vision/vision_wasm_module_internal.wasm?url&no-inline';
import type { SegmenterReply, SegmenterRequest } from './segmentationMessages.ts';

/**
 * Person segmentation in a worker (`segmentation.worker.ts`: MediaPipe Tasks' ImageSegmenter,
 * CPU delegate). The model is the landscape selfie model (256×144 input, made for 16:9 calls)
 * that `@mediapipe/selfie_segmentation` ships; `@mediapipe/tasks-vision` ships the wasm. Frames
 * go in at the model's size; the latest mask is kept and drawn on every output frame, so the
 * output keeps the camera's rate even when a mask takes longer than a frame.
 */
export class Segmenter {
  #worker: Worker;
  #busy = false;
  #closed = false;
  /** The latest person mask (alpha = confidence), at the model's input size. */
  readonly mask: HTMLCanvasElement;
  #maskCtx: CanvasRenderingContext2D;
  #hasMask = false;
  #onMask: (ms: number) => void;
  #onError: (error: unknown) => void;

  private constructor(
    worker: Worker,
    width: number,
    height: number,
    onMask: (ms: number) => void,
    onError: (error: unknown) => void,
  ) {
    this.#worker = worker;
    this.#onMask = onMask;
    this.#onError = onError;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('virtual background: no 2D canvas');
    this.mask = canvas;
    this.#maskCtx = ctx;
    worker.onmessage = (event: MessageEvent<SegmenterReply>) => this.#receive(event.data);
    // A worker that dies (out of memory, a wasm abort) would leave the last mask forever.
    worker.onerror = (event) => {
      if (!this.#closed) onError(new Error(event.message || 'virtual background: worker failed'));
    };
  }

  /** Starts the worker and loads the model (first use: wasm and model from this origin). */
  static async create(options: {
    width: number;
    height: number;
    onMask: (ms: number) => void;
    onError: (error: unknown) => void;
  }): Promise<Segmenter> {
    const worker = new Worker(new URL('./segmentation.worker.ts', import.meta.url), {
      type: 'module',
      name: 'podium-virtual-background',
    });
    try {
      await new Promise<void>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<SegmenterReply>) => {
          if (event.data.type === 'ready') resolve();
          else if (event.data.type === 'error') reject(new Error(event.data.message));
        };
        worker.onerror = (event) => reject(new Error(event.message || 'worker failed'));
        const init: SegmenterRequest = {
          type: 'init',
          wasmLoaderUrl: new URL(wasmLoader, location.href).href,
          wasmBinaryUrl: new URL(wasmBinary, location.href).href,
          modelUrl: new URL(landscapeModel, location.href).href,
        };
        worker.postMessage(init);
      });
    } catch (error) {
      worker.terminate();
      throw error;
    }
    return new Segmenter(worker, options.width, options.height, options.onMask, options.onError);
  }

  /** Whether a mask has arrived yet (before that, the output shows nothing processed). */
  get ready(): boolean {
    return this.#hasMask;
  }

  /** Whether the worker is free for another frame (one at a time: the newest frame wins). */
  get idle(): boolean {
    return !this.#busy && !this.#closed;
  }

  /** Sends one frame (at the model's size) to be segmented; ignored while one is in flight. */
  send(frame: ImageData): void {
    if (!this.idle) return;
    this.#busy = true;
    const request: SegmenterRequest = { type: 'frame', frame };
    this.#worker.postMessage(request, [frame.data.buffer]);
  }

  #receive(reply: SegmenterReply): void {
    if (this.#closed) return;
    if (reply.type === 'mask') {
      this.#busy = false;
      this.#maskCtx.putImageData(reply.mask, 0, 0);
      this.#hasMask = true;
      this.#onMask(reply.ms);
    } else if (reply.type === 'error') {
      this.#busy = false;
      this.#onError(new Error(reply.message));
    }
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    const request: SegmenterRequest = { type: 'close' };
    this.#worker.postMessage(request);
    // The worker closes itself; terminate in case it is stuck in a frame.
    setTimeout(() => this.#worker.terminate(), 1_000);
  }
}
