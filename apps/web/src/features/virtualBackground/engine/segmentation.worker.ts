/// <reference lib="webworker" />
import { ImageSegmenter } from '@mediapipe/tasks-vision';
import type { SegmenterReply, SegmenterRequest } from './segmentationMessages.ts';
import { withNormalizationMetadata } from './modelMetadata.ts';

/**
 * The person segmentation, off the page's main thread: MediaPipe Tasks' ImageSegmenter on the
 * CPU (wasm + XNNPACK), not its WebGL path — without a GPU WebGL is emulated in software and
 * cost ~250 ms a frame where the CPU path takes ~6 ms for the 256×144 landscape model. Frames
 * arrive as ImageData at the model's input size; the reply is the person mask as RGBA whose
 * alpha is the confidence, ready for putImageData. Files come from Podium's origin (the URLs
 * are in the init message), nothing from elsewhere.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
let segmenter: ImageSegmenter | null = null;
let lastTimestamp = 0;

function reply(message: SegmenterReply, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

async function init(request: Extract<SegmenterRequest, { type: 'init' }>): Promise<void> {
  const response = await fetch(request.modelUrl);
  if (!response.ok) throw new Error(`model: HTTP ${response.status}`);
  const model = withNormalizationMetadata(new Uint8Array(await response.arrayBuffer()));
  segmenter = await ImageSegmenter.createFromOptions(
    { wasmLoaderPath: request.wasmLoaderUrl, wasmBinaryPath: request.wasmBinaryUrl },
    {
      baseOptions: { modelAssetBuffer: model, delegate: 'CPU' },
      runningMode: 'VIDEO',
      outputCategoryMask: false,
      outputConfidenceMasks: true,
    },
  );
}

function segment(frame: ImageData): void {
  if (!segmenter) throw new Error('segmenter not ready');
  const started = performance.now();
  // VIDEO mode wants strictly increasing timestamps.
  lastTimestamp = Math.max(lastTimestamp + 1, Math.round(started));
  const mask = new ImageData(frame.width, frame.height);
  segmenter.segmentForVideo(frame, lastTimestamp, (result) => {
    const confidence = result.confidenceMasks?.[0];
    if (!confidence) return;
    const values = confidence.getAsFloat32Array();
    const rgba = mask.data;
    for (let i = 0; i < values.length; i++) rgba[i * 4 + 3] = (values[i] ?? 0) * 255;
  });
  reply({ type: 'mask', mask, ms: performance.now() - started }, [mask.data.buffer]);
}

scope.onmessage = (event: MessageEvent<SegmenterRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'init') {
      init(request).then(
        () => reply({ type: 'ready' }),
        (error: unknown) => reply({ type: 'error', message: String(error) }),
      );
    } else if (request.type === 'frame') {
      segment(request.frame);
    } else {
      segmenter?.close();
      segmenter = null;
      scope.close();
    }
  } catch (error) {
    reply({ type: 'error', message: String(error) });
  }
};
