import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  featuredLayout,
  fitGrid,
  galleryPage,
  gridRects,
  TILE_ASPECT,
  TILE_GAP,
  type Rect,
  type Size,
} from './stageLayout.ts';

const EPS = 1e-6;

function inside(rect: Rect, area: Size): boolean {
  return (
    rect.x >= -EPS &&
    rect.y >= -EPS &&
    rect.x + rect.width <= area.width + EPS &&
    rect.y + rect.height <= area.height + EPS
  );
}

function overlap(a: Rect, b: Rect): boolean {
  return (
    a.x < b.x + b.width - EPS &&
    b.x < a.x + a.width - EPS &&
    a.y < b.y + b.height - EPS &&
    b.y < a.y + a.height - EPS
  );
}

function expectSound(rects: Rect[], area: Size) {
  for (const [i, r] of rects.entries()) {
    expect(inside(r, area), `tile ${i} ${JSON.stringify(r)} inside ${JSON.stringify(area)}`).toBe(
      true,
    );
    expect(Math.abs(r.width / r.height - TILE_ASPECT)).toBeLessThan(1e-6);
    for (const other of rects.slice(i + 1)) expect(overlap(r, other)).toBe(false);
  }
}

// The stage of a laptop call (1280x720 minus header and controls) and others people use.
const AREAS: Size[] = [
  { width: 1264, height: 560 },
  { width: 1904, height: 920 },
  { width: 900, height: 560 },
  { width: 374, height: 640 },
  { width: 828, height: 250 },
  { width: 1200, height: 300 },
];

describe('fitGrid', () => {
  it('puts two people side by side on a landscape stage, large', () => {
    const grid = fitGrid({ width: 1264, height: 560 }, 2);
    expect(grid).toMatchObject({ columns: 2, rows: 1 });
    expect(grid.tileWidth).toBeCloseTo((1264 - TILE_GAP) / 2);
  });

  it('stacks two people on a phone in portrait', () => {
    expect(fitGrid({ width: 374, height: 640 }, 2)).toMatchObject({ columns: 1, rows: 2 });
  });

  it('makes nine people a 3x3 grid on a 16:9 stage', () => {
    expect(fitGrid({ width: 1600, height: 900 }, 9)).toMatchObject({ columns: 3, rows: 3 });
  });

  it('shows three people as two rows on a laptop, not one row of small tiles', () => {
    expect(fitGrid({ width: 1264, height: 560 }, 3)).toMatchObject({ columns: 2, rows: 2 });
  });

  it('gives no tiles in an area with no room', () => {
    expect(fitGrid({ width: 0, height: 500 }, 3).tileWidth).toBe(0);
    expect(fitGrid({ width: 500, height: 500 }, 0).columns).toBe(0);
  });
});

describe('gridRects', () => {
  it.each(AREAS.flatMap((area) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [area, n] as const)))(
    '%o with %i tiles: all inside, none overlapping, 16:9',
    (area, n) => {
      const rects = gridRects(area, n);
      expect(rects).toHaveLength(n);
      expectSound(rects, area);
    },
  );

  it('centres a last row that is not full (3 people: two above, one centred below)', () => {
    const area = { width: 1264, height: 560 };
    const [a, b, c] = gridRects(area, 3);
    expect(a!.y).toBeCloseTo(b!.y);
    expect(c!.y).toBeGreaterThan(a!.y);
    expect(c!.x + c!.width / 2).toBeCloseTo(area.width / 2);
  });

  it('property: every tile inside the area, no overlap, the aspect kept', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 40, max: 4000 }),
        fc.integer({ min: 40, max: 3000 }),
        fc.integer({ min: 1, max: 30 }),
        (width, height, n) => {
          const area = { width, height };
          const rects = gridRects(area, n);
          if (rects.length === 0) return; // too small for n tiles and their gaps
          expect(rects).toHaveLength(n);
          expectSound(rects, area);
        },
      ),
    );
  });

  it('property: maximal — no other column count gives larger tiles that fit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 4000 }),
        fc.integer({ min: 100, max: 3000 }),
        fc.integer({ min: 1, max: 16 }),
        (width, height, n) => {
          const best = fitGrid({ width, height }, n);
          for (let columns = 1; columns <= n; columns += 1) {
            const rows = Math.ceil(n / columns);
            const w = Math.min(
              (width - TILE_GAP * (columns - 1)) / columns,
              ((height - TILE_GAP * (rows - 1)) / rows) * TILE_ASPECT,
            );
            expect(best.tileWidth).toBeGreaterThanOrEqual(w - EPS);
          }
          // And it touches the area on one side: it could not grow at all.
          const usedW = best.columns * best.tileWidth + (best.columns - 1) * TILE_GAP;
          const usedH = best.rows * best.tileHeight + (best.rows - 1) * TILE_GAP;
          if (best.tileWidth > 0) {
            expect(Math.abs(usedW - width) < 1e-6 || Math.abs(usedH - height) < 1e-6).toBe(true);
          }
        },
      ),
    );
  });
});

describe('galleryPage', () => {
  it('shows up to nine, then eight and a "+N" tile', () => {
    expect(galleryPage(9)).toEqual({ shown: 9, hidden: 0 });
    expect(galleryPage(10)).toEqual({ shown: 8, hidden: 2 });
    expect(galleryPage(25)).toEqual({ shown: 8, hidden: 17 });
    expect(galleryPage(5, 4)).toEqual({ shown: 3, hidden: 2 });
  });
});

describe('featuredLayout', () => {
  it('puts the strip on the right of a wide stage and the main tile largest', () => {
    const area = { width: 1264, height: 560 };
    const layout = featuredLayout(area, 2);
    expect(layout.side).toBe('right');
    expect(layout.strip).toHaveLength(2);
    expectSound([layout.main, ...layout.strip], area);
    expect(layout.main.width).toBeGreaterThan(layout.strip[0]!.width * 3);
  });

  it('puts the strip under the main tile on a phone in portrait', () => {
    const area = { width: 374, height: 640 };
    const layout = featuredLayout(area, 3);
    expect(layout.side).toBe('bottom');
    expectSound([layout.main, ...layout.strip], area);
    for (const tile of layout.strip) expect(tile.y).toBeGreaterThanOrEqual(layout.main.y);
  });

  it('keeps a "+N" place when the strip cannot hold everyone', () => {
    const layout = featuredLayout({ width: 1264, height: 400 }, 12);
    expect(layout.hidden).toBeGreaterThan(0);
    expect(layout.strip.length + layout.hidden - 1).toBe(12);
  });

  it('property: main and strip inside the area, none overlapping', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 4000 }),
        fc.integer({ min: 200, max: 3000 }),
        fc.integer({ min: 0, max: 40 }),
        (width, height, n) => {
          const area = { width, height };
          const layout = featuredLayout(area, n);
          const rects = [layout.main, ...layout.strip].filter((r) => r.width > 0);
          expectSound(rects, area);
          const shown = layout.strip.length - (layout.hidden ? 1 : 0);
          expect(shown + layout.hidden).toBe(n);
        },
      ),
    );
  });
});
