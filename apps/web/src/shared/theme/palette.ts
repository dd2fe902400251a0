import type { MantineColorsTuple } from '@mantine/core';

/** Index of the accent inside the tuple; Mantine's primaryShade points here in both schemes. */
export const ACCENT_SHADE = 6;

/** Mix amounts per shade: positive towards white, negative towards black, 0 is the accent. */
const MIX = [0.92, 0.82, 0.66, 0.5, 0.34, 0.17, 0, -0.14, -0.28, -0.42] as const;

function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** Ten shades, lightest first, with the given colour exactly at ACCENT_SHADE. */
export function shadesAround(hex: string): MantineColorsTuple {
  const base = parseHex(hex);
  const shades = MIX.map((amount) => {
    const target = amount >= 0 ? 255 : 0;
    const t = Math.abs(amount);
    return toHex(base.map((c) => c + (target - c) * t) as [number, number, number]);
  });
  return shades as unknown as MantineColorsTuple;
}
