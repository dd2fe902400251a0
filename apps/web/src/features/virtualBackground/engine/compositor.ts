/** Something a 2D canvas can draw, with its size. */
type Drawable = CanvasImageSource & { width: number; height: number };

export type Backdrop =
  | { kind: 'blur' }
  | { kind: 'image'; image: CanvasImageSource & { width: number; height: number } };

/** The blur is drawn from the small model input, blurred a little more, stretched back. */
const BLUR_PX = 2;

/**
 * Draws one output frame on a 2D canvas (GPU-composited where the browser accelerates 2D
 * canvases): the person mask, the full-size camera frame kept where the mask is (source-in),
 * then the backdrop behind it (destination-over). The 144-line mask stretched to the frame
 * gives the soft edge; the blur is a blurred copy of the 256×144 model input stretched back,
 * so no full-size filter runs on any frame.
 */
export class Compositor {
  readonly canvas: HTMLCanvasElement;
  #ctx: CanvasRenderingContext2D;
  #small: HTMLCanvasElement;
  #smallCtx: CanvasRenderingContext2D;

  constructor() {
    this.canvas = document.createElement('canvas');
    this.#small = document.createElement('canvas');
    const ctx = this.canvas.getContext('2d');
    const smallCtx = this.#small.getContext('2d');
    if (!ctx || !smallCtx) throw new Error('virtual background: no 2D canvas');
    this.#ctx = ctx;
    this.#smallCtx = smallCtx;
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
   * `mask`: the person mask (any size); `frame`: the camera frame at full size; `small`: the
   * same frame at the model's input size (the source of the blur).
   */
  draw(mask: Drawable, frame: CanvasImageSource, small: Drawable, backdrop: Backdrop): void {
    const ctx = this.#ctx;
    const { width, height } = this.canvas;
    ctx.save();
    ctx.globalCompositeOperation = 'copy';
    ctx.drawImage(mask, 0, 0, width, height);
    ctx.globalCompositeOperation = 'source-in';
    ctx.drawImage(frame, 0, 0, width, height);
    ctx.globalCompositeOperation = 'destination-over';
    if (backdrop.kind === 'blur') {
      const blurred = this.#small;
      this.#smallCtx.filter = `blur(${BLUR_PX}px)`;
      this.#smallCtx.drawImage(small, 0, 0, blurred.width, blurred.height);
      ctx.drawImage(blurred, 0, 0, width, height);
    } else {
      drawCover(ctx, backdrop.image, width, height);
    }
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
