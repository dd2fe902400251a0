import { assertNever } from '../../shared/assertNever.ts';
import type { BackgroundChoice } from './choice.ts';
import type { Backdrop, BackgroundProcessor } from './engine/BackgroundProcessor.ts';
import { BUILT_IN_IMAGES } from './images.ts';

/**
 * The processing engine (MediaPipe and the compositor), loaded on first use only: a page that
 * never turns a background on never fetches it.
 */
export const loadEngine = () => import('./engine/BackgroundProcessor.ts');

export type Processor = BackgroundProcessor;

function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.decoding = 'async';
  image.src = src;
  return image.decode().then(() => image);
}

/** What is drawn behind the person for a choice (null: no background). */
export async function backdropFor(
  choice: BackgroundChoice,
  customImage: string | null,
): Promise<Backdrop | null> {
  switch (choice.kind) {
    case 'none':
      return null;
    case 'blur':
      return { kind: 'blur' };
    case 'image':
      return { kind: 'image', image: await loadImage(BUILT_IN_IMAGES[choice.image]) };
    case 'custom':
      return customImage ? { kind: 'image', image: await loadImage(customImage) } : null;
    default:
      return assertNever(choice, 'background choice');
  }
}
