import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STUDIO, LOGO_POSITIONS } from '@podium/protocol';
import { bandHeight, logoPlacement, scaleOf } from './overlayGeometry.ts';

describe('studio overlay geometry', () => {
  it('puts the logo in each of the eight places of a 1280x720 stage', () => {
    const area = { width: 1280, height: 720 };
    const at = Object.fromEntries(
      LOGO_POSITIONS.map((p) => [p, logoPlacement(p, area, 0)] as const),
    );
    expect(at['top-left']).toEqual({ left: 16, top: 16, width: 200, height: 100 });
    expect(at['top-right']).toEqual({ left: 1064, top: 16, width: 200, height: 100 });
    expect(at['top-center']?.left).toBe(540);
    expect(at['bottom-left']?.top).toBe(604);
    expect(at['middle-right']).toMatchObject({ left: 1064, top: 310 });
    expect(at['bottom-center']).toMatchObject({ left: 540, top: 604 });
  });

  it('a bottom logo stays above the text band', () => {
    const area = { width: 1280, height: 720 };
    const band = bandHeight({ ...DEFAULT_STUDIO.text, font_size: 32 }, 1);
    expect(logoPlacement('bottom-right', area, band).top + 100).toBeLessThanOrEqual(720 - band);
  });

  it('property: overlays scale with the stage and stay inside it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 320, max: 3840 }),
        fc.integer({ min: 180, max: 2160 }),
        fc.constantFrom(...LOGO_POSITIONS),
        fc.integer({ min: 12, max: 96 }),
        (width, height, position, size) => {
          const area = { width, height };
          const scale = scaleOf(area);
          const band = bandHeight({ ...DEFAULT_STUDIO.text, font_size: size }, scale);
          const logo = logoPlacement(position, area, position.startsWith('bottom') ? band : 0);
          expect(logo.height).toBeCloseTo(100 * scale);
          expect(logo.width).toBeCloseTo(200 * scale);
          if (logo.width + 32 * scale <= width && logo.height + band + 32 * scale <= height) {
            expect(logo.left).toBeGreaterThanOrEqual(0);
            expect(logo.left + logo.width).toBeLessThanOrEqual(width + 1e-6);
            expect(logo.top).toBeGreaterThanOrEqual(0);
            expect(logo.top + logo.height).toBeLessThanOrEqual(height + 1e-6);
          }
        },
      ),
    );
  });
});
