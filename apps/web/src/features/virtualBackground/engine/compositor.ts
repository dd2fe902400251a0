/** Something a 2D canvas can draw, with its size. */
type Drawable = CanvasImageSource & { width: number; height: number };

export type Backdrop =
  | { kind: 'blur' }
  | { kind: 'image'; image: CanvasImageSource & { width: number; height: number } };

/**
 * The blur is drawn from the small model input, blurred again and stretched back: 4 px at
 * 256×144 is about 20 px at 720p, the strong blur people expect of a "blurred background".
 */
const BLUR_PX = 4;
/**
 * An image backdrop is prepared at a quarter of 720p's pixels: it is only ever seen behind the
 * person (and a camera's own background is rarely sharp), and it halves a full-size pass.
 */
const IMAGE_LAYER_WIDTH = 640;
const IMAGE_LAYER_HEIGHT = 360;

/**
 * Draws one output frame on a 2D canvas in two full-size passes (software in a browser without
 * a GPU, so each pass over 922 K pixels counts): the camera frame copied as is, then over it a
 * small "backdrop layer" stretched to the frame — the backdrop whose alpha is 1 − the person
 * mask (the mask cut out with `destination-out` at the layer's size). The result is
 * frame·mask + backdrop·(1 − mask), the 144-line mask stretched giving the soft edge. The blur
 * layer is the 256×144 model input blurred a little; no full-size filter runs on any frame.
 */
export class Compositor {
  readonly canvas: HTMLCanvasElement;
  #ctx: CanvasRenderingContext2D;
  #small: HTMLCanvasElement;
  #smallCtx: CanvasRenderingContext2D;
  #layer: HTMLCanvasElement;
  #layerCtx: CanvasRenderingContext2D;
  /** The image backdrop cropped and scaled to the layer once, redrawn only when it changes. */
  #image: HTMLCanvasElement;
  #imageCtx: CanvasRenderingContext2D;
  #imageSource: Drawable | null = null;

  constructor() {
    this.canvas = document.createElement('canvas');
    this.#small = document.createElement('canvas');
    this.#layer = document.createElement('canvas');
    this.#image = document.createElement('canvas');
    this.#image.width = IMAGE_LAYER_WIDTH;
    this.#image.height = IMAGE_LAYER_HEIGHT;
    const ctx = this.canvas.getContext('2d');
    const smallCtx = this.#small.getContext('2d');
    const layerCtx = this.#layer.getContext('2d');
    const imageCtx = this.#image.getContext('2d');
    if (!ctx || !smallCtx || !layerCtx || !imageCtx) {
      throw new Error('virtual background: no 2D canvas');
    }
    this.#ctx = ctx;
    this.#smallCtx = smallCtx;
    this.#layerCtx = layerCtx;
    this.#imageCtx = imageCtx;
  }

  /** Sizes the output like the camera (a device switch may change it). */
  resize(width: number, height: number, smallWidth: number, smallHeight: number): void {
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    if (this.#small.width !== smallWidth || this.#small.height !== smallHeight) {
      this.#small.width = smallWidth;
      this.#small.height = smallHeight;
    }
  }

  /**
   * `mask`: the person mask (any size, alpha = person); `frame`: the camera frame at full size;
   * `small`: the same frame at the model's input size (the source of the blur).
   */
  draw(mask: Drawable, frame: CanvasImageSource, small: Drawable, backdrop: Backdrop): void {
    const layer = backdrop.kind === 'blur' ? this.#small : this.#layer;
    const lctx = backdrop.kind === 'blur' ? this.#smallCtx : this.#layerCtx;
    lctx.save();
    lctx.globalCompositeOperation = 'copy';
    if (backdrop.kind === 'blur') {
      lctx.filter = `blur(${BLUR_PX}px)`;
      lctx.drawImage(small, 0, 0, layer.width, layer.height);
      lctx.filter = 'none';
    } else {
      if (layer.width !== IMAGE_LAYER_WIDTH || layer.height !== IMAGE_LAYER_HEIGHT) {
        layer.width = IMAGE_LAYER_WIDTH;
        layer.height = IMAGE_LAYER_HEIGHT;
      }
      if (this.#imageSource !== backdrop.image) {
        this.#imageSource = backdrop.image;
        drawCover(this.#imageCtx, backdrop.image, IMAGE_LAYER_WIDTH, IMAGE_LAYER_HEIGHT);
      }
      lctx.drawImage(this.#image, 0, 0);
    }
    lctx.globalCompositeOperation = 'destination-out';
    lctx.drawImage(mask, 0, 0, layer.width, layer.height);
    lctx.restore();

    const ctx = this.#ctx;
    const { width, height } = this.canvas;
    ctx.save();
    ctx.globalCompositeOperation = 'copy';
    ctx.drawImage(frame, 0, 0, width, height);
    ctx.globalCompositeOperation = 'source-over';
    ctx.drawImage(layer, 0, 0, width, height);
    ctx.restore();
  }
}

/** Fills the frame with the image, cropped to the frame's aspect (CSS object-fit: cover). */
function drawCover(
  ctx: CanvasRenderingContext2D,
  image: Drawable,
  width: number,
  height: number,
): void {
  const scale = Math.max(width / image.width, height / image.height);
  const w = width / scale;
  const h = height / scale;
  ctx.drawImage(image, (image.width - w) / 2, (image.height - h) / 2, w, h, 0, 0, width, height);
}
