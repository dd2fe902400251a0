import { PNG } from 'pngjs';
import type { Locator, Page } from '@playwright/test';

/** A real PNG of one colour, `width` x `height` (a logo the spec can find by its colour). */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const png = new PNG({ width, height, colorType: 2 });
  for (let i = 0; i < width * height; i++) png.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(png, { colorType: 2 });
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
