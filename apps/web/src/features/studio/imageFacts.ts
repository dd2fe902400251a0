import type { StudioImageFacts } from '@podium/protocol';

/** The format the first bytes of a file say it is (png, jpeg, webp, gif), or null. */
export function sniffFormat(head: Uint8Array): string | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'gif';
  return null;
}

/**
 * What the browser can tell of a chosen image before uploading it, so a wrong one is refused at
 * once with the same message (`studioImageRefusal`); the server checks again on the bytes.
 */
export async function imageFacts(file: File): Promise<StudioImageFacts> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const format = sniffFormat(head);
  let width = 0;
  let height = 0;
  if (format && typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      width = bitmap.width;
      height = bitmap.height;
      bitmap.close();
    } catch {
      // Undecodable: the format check below refuses it.
    }
  }
  return { format: width > 0 ? format : null, bytes: file.size, width, height };
}
