import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ROW_TILES, sideBySideRects, TILE_ASPECT } from './stageLayout.ts';

describe('sideBySideRects (stage mode side by side)', () => {
  it('two people share a wide stage as two equal 16:9 tiles in one row', () => {
    const { rects, hidden } = sideBySideRects({ width: 1280, height: 720 }, 2);
    expect(hidden).toBe(0);
    expect(rects).toHaveLength(2);
    const [a, b] = rects;
    expect(a?.y).toBeCloseTo(b?.y ?? -1);
    expect(a?.width).toBeCloseTo(636);
    expect((b?.x ?? 0) - (a?.x ?? 0)).toBeCloseTo(636 + 8);
  });

  it('beyond four tiles, the last place is "+N"', () => {
    expect(sideBySideRects({ width: 1280, height: 720 }, 7)).toMatchObject({ hidden: 4 });
    expect(sideBySideRects({ width: 1280, height: 720 }, 7).rects).toHaveLength(MAX_ROW_TILES);
  });

  it('property: tiles fit the area, keep 16:9, share one row and never overlap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 4000 }),
        fc.integer({ min: 150, max: 3000 }),
        fc.integer({ min: 1, max: 12 }),
        (width, height, count) => {
          const { rects, hidden } = sideBySideRects({ width, height }, count);
          expect(rects.length - (hidden ? 1 : 0) + hidden).toBe(count);
          rects.forEach((r, i) => {
            expect(r.x).toBeGreaterThanOrEqual(-1e-6);
            expect(r.y).toBeGreaterThanOrEqual(-1e-6);
            expect(r.x + r.width).toBeLessThanOrEqual(width + 1e-6);
            expect(r.y + r.height).toBeLessThanOrEqual(height + 1e-6);
            expect(r.width / r.height).toBeCloseTo(TILE_ASPECT);
            expect(r.y).toBeCloseTo(rects[0]?.y ?? 0);
            const next = rects[i + 1];
            if (next) expect(next.x).toBeGreaterThanOrEqual(r.x + r.width - 1e-6);
          });
        },
      ),
    );
  });
});
