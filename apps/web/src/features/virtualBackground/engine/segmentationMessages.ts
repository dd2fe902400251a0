/** Messages between the page and `segmentation.worker.ts`. */
export type SegmenterRequest =
  | { type: 'init'; wasmLoaderUrl: string; wasmBinaryUrl: string; modelUrl: string }
  | { type: 'frame'; frame: ImageData }
  | { type: 'close' };

export type SegmenterReply =
  | { type: 'ready' }
  /** The person mask at the frame's size: RGBA, alpha = confidence; `ms`: the worker's time. */
  | { type: 'mask'; mask: ImageData; ms: number }
  | { type: 'error'; message: string };
