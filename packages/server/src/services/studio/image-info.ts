/**
 * The format and pixel size of a studio image, read from its bytes (never from its name or the
 * type the browser declared). Pure: png (IHDR), jpeg (the first SOFn marker) and webp (VP8,
 * VP8L, VP8X); anything else is `null`.
 */
export interface ImageInfo {
  format: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length));

function png(b: Uint8Array): ImageInfo | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 24 || !signature.every((v, i) => b[i] === v)) return null;
  if (ascii(b, 12, 4) !== 'IHDR') return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
}

/** SOF markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isStartOfFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(b: Uint8Array): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length) return null;
      const height = ((b[at + 5] ?? 0) << 8) | (b[at + 6] ?? 0);
      const width = ((b[at + 7] ?? 0) << 8) | (b[at + 8] ?? 0);
      return { format: 'jpeg', width, height };
    }
    // Start of scan before any frame header: not a usable image.
    if (marker === 0xda) return null;
    at += 2 + length;
  }
  return null;
}

function webp(b: Uint8Array): ImageInfo | null {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 4);
  const u8 = (i: number): number => b[i] ?? 0;
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes) and start code (9d 01 2a), then 14-bit width and height.
    if (u8(23) !== 0x9d || u8(24) !== 0x01 || u8(25) !== 0x2a) return null;
    const width = (u8(26) | (u8(27) << 8)) & 0x3fff;
    const height = (u8(28) | (u8(29) << 8)) & 0x3fff;
    return { format: 'webp', width, height };
  }
  if (chunk === 'VP8L') {
    if (u8(20) !== 0x2f) return null;
    const bits = u8(21) | (u8(22) << 8) | (u8(23) << 16) | (u8(24) << 24);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    const width = (u8(24) | (u8(25) << 8) | (u8(26) << 16)) + 1;
    const height = (u8(27) | (u8(28) << 8) | (u8(29) << 16)) + 1;
    return { format: 'webp', width, height };
  }
  return null;
}

export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  return png(bytes) ?? jpeg(bytes) ?? webp(bytes);
}
