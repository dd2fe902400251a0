import { fitWithin } from './choice.ts';

/**
 * A person's own background, decoded and kept at most 1280×720 as a JPEG data: URL (a few
 * hundred KB at most, small enough for localStorage). Decoding is the type check that counts:
 * a file that is not an image fails here.
 */
export async function readCustomImage(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    return canvas.toDataURL('image/jpeg', 0.85);
  } finally {
    bitmap.close();
  }
}
