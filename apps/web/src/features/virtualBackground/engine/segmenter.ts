import type {
  Results,
  SelfieSegmentation as SelfieSegmentationClass,
} from '@mediapipe/selfie_segmentation';
// The solution's files, copied by Vite into the build's assets and served by Podium itself
// (no CDN, nothing downloaded at run time). `no-inline`: small ones (the graph) must stay files,
// a data: URL is not a source the CSP's connect-src allows.
import solutionJs from '@mediapipe/selfie_segmentation/selfie_segmentation.js?url&no-inline';
import graph from '@mediapipe/selfie_segmentation/selfie_segmentation.binarypb?url&no-inline';
import landscapeModel from '@mediapipe/selfie_segmentation/selfie_segmentation_landscape.tflite?url&no-inline';
import simdData from '@mediapipe/selfie_segmentation/selfie_segmentation_solution_simd_wasm_bin.data?url&no-inline';
import simdJs from '@mediapipe/selfie_segmentation/selfie_segmentation_solution_simd_wasm_bin.js?url&no-inline';
import simdWasm from '@mediapipe/selfie_segmentation/selfie_segmentation_solution_simd_wasm_bin.wasm?url&no-inline';
import plainJs from '@mediapipe/selfie_segmentation/selfie_segmentation_solution_wasm_bin.js?url&no-inline';
import plainWasm from '@mediapipe/selfie_segmentation/selfie_segmentation_solution_wasm_bin.wasm?url&no-inline';

/**
 * MediaPipe selfie segmentation (the legacy "solution" package: it ships its wasm, SIMD and
 * plain, and its tflite models). The solution runs its graph in wasm (XNNPACK) and moves images
 * through its own WebGL context; results come back as drawable GPU buffers.
 *
 * The package's loader is a classic script that defines a global, so it is added as a <script>
 * from this origin on first use: nothing of it is in the call page's bundle.
 */
const FILES: Readonly<Record<string, string>> = {
  'selfie_segmentation.binarypb': graph,
  'selfie_segmentation_landscape.tflite': landscapeModel,
  'selfie_segmentation_solution_simd_wasm_bin.data': simdData,
  'selfie_segmentation_solution_simd_wasm_bin.js': simdJs,
  'selfie_segmentation_solution_simd_wasm_bin.wasm': simdWasm,
  'selfie_segmentation_solution_wasm_bin.js': plainJs,
  'selfie_segmentation_solution_wasm_bin.wasm': plainWasm,
  // The plain build asks for a .data file of the same name; both are empty packed assets.
  'selfie_segmentation_solution_wasm_bin.data': simdData,
};

function locateFile(file: string): string {
  const url = FILES[file];
  // The general (square) model is never asked for: modelSelection 1 picks the landscape one.
  if (!url) throw new Error(`virtual background: unknown MediaPipe file ${file}`);
  return url;
}

type SelfieSegmentationCtor = typeof SelfieSegmentationClass;

let loaded: Promise<SelfieSegmentationCtor> | null = null;

function loadSolution(): Promise<SelfieSegmentationCtor> {
  loaded ??= new Promise<SelfieSegmentationCtor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = solutionJs;
    script.async = true;
    script.onload = () => {
      const ctor = (globalThis as { SelfieSegmentation?: SelfieSegmentationCtor })
        .SelfieSegmentation;
      if (ctor) resolve(ctor);
      else reject(new Error('virtual background: the MediaPipe solution did not load'));
    };
    script.onerror = () =>
      reject(new Error('virtual background: the MediaPipe solution did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loaded = null; // a later attempt may succeed (a network hiccup)
    throw error;
  });
  return loaded;
}

export type SegmentationResult = Pick<Results, 'image' | 'segmentationMask'>;

/** One segmentation graph: `segment(frame)` resolves with the frame and its person mask. */
export class Segmenter {
  #solution: SelfieSegmentationClass;
  #pending: ((result: SegmentationResult) => void) | null = null;
  #closed = false;

  private constructor(solution: SelfieSegmentationClass) {
    this.#solution = solution;
    solution.onResults((results) => {
      const deliver = this.#pending;
      this.#pending = null;
      deliver?.(results);
    });
  }

  static async create(): Promise<Segmenter> {
    const SelfieSegmentation = await loadSolution();
    const solution = new SelfieSegmentation({ locateFile });
    // Landscape model: 256×144 input, the faster of the two and made for 16:9 video calls.
    solution.setOptions({ modelSelection: 1, selfieMode: false });
    await solution.initialize();
    return new Segmenter(solution);
  }

  /**
   * Segments one frame. The results callback runs inside `send`, so the drawable buffers are
   * used before the promise settles (they are reused by the next frame).
   */
  async segment(
    image: HTMLVideoElement | HTMLCanvasElement,
    draw: (result: SegmentationResult) => void,
  ): Promise<void> {
    if (this.#closed) return;
    this.#pending = draw;
    try {
      await this.#solution.send({ image });
    } finally {
      this.#pending = null;
    }
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    void this.#solution.close().catch(() => undefined);
  }
}
