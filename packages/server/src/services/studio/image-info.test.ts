import { describe, expect, it } from 'vitest';
import { imageInfo } from './image-info.ts';

function jpeg(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff];
  return Uint8Array.from([0xff, 0xd8, ...app0, 0xff, 0xc4, 0x00, 0x02, ...sof0, 3, 0, 0, 0]);
}

function webpVp8x(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'ascii');
  b.write('WEBP', 8, 'ascii');
  b.write('VP8X', 12, 'ascii');
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}

function webpLossless(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'ascii');
  b.write('WEBP', 8, 'ascii');
  b.write('VP8L', 12, 'ascii');
  b[20] = 0x2f;
  b.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  return b;
}

function png(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

describe('imageInfo', () => {
  it('reads the size of png, jpeg (past other segments) and webp (VP8X, VP8L)', () => {
    expect(imageInfo(png(1920, 1080))).toEqual({ format: 'png', width: 1920, height: 1080 });
    expect(imageInfo(jpeg(1280, 720))).toEqual({ format: 'jpeg', width: 1280, height: 720 });
    expect(imageInfo(webpVp8x(640, 360))).toEqual({ format: 'webp', width: 640, height: 360 });
    expect(imageInfo(webpLossless(100, 100))).toEqual({ format: 'webp', width: 100, height: 100 });
  });

  it('knows nothing of other or broken bytes', () => {
    expect(imageInfo(Buffer.from('GIF89a\x10\x00\x09\x00'))).toBeNull();
    expect(imageInfo(Buffer.from('hello world, not an image'))).toBeNull();
    expect(imageInfo(png(16, 9).subarray(0, 20))).toBeNull();
    expect(imageInfo(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeNull();
    expect(imageInfo(new Uint8Array(0))).toBeNull();
  });
});
