import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import type { Locator, Page } from '@playwright/test';

/** CRC-32 of PNG chunks. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour, `width` x `height` (a logo the spec can find by its colour). */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box;
}

/** The stage area (tiles and studio layers) of a page as a decoded screenshot. */
export async function stageShot(page: Page): Promise<PNG> {
  return PNG.sync.read(
    await page.locator('[data-stage-area]').screenshot({ animations: 'disabled' }),
  );
}

/** The colour at a point of a screenshot (relative 0..1 coordinates). */
export function colourAt(png: PNG, fx: number, fy: number): [number, number, number] {
  const x = Math.min(png.width - 1, Math.round(fx * png.width));
  const y = Math.min(png.height - 1, Math.round(fy * png.height));
  const i = (y * png.width + x) * 4;
  return [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0];
}

/**
 * The share of pixels that differ by more than `threshold` (sum of channel differences) between
 * two screenshots of the same size.
 */
export function differingShare(a: PNG, b: PNG, threshold = 60): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d =
      Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)) +
      Math.abs((a.data[i + 1] ?? 0) - (b.data[i + 1] ?? 0)) +
      Math.abs((a.data[i + 2] ?? 0) - (b.data[i + 2] ?? 0));
    if (d > threshold) differing += 1;
  }
  return differing / (a.width * a.height);
}

export const near = (a: [number, number, number], b: [number, number, number], tolerance = 40) =>
  a.every((v, i) => Math.abs(v - (b[i] ?? 0)) <= tolerance);
