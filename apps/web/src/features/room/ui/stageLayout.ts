/**
 * The geometry of the stage, pure: where each tile goes in an area of a given size so that every
 * tile fits (no scrolling, nothing cut), keeps its aspect ratio and is as large as it can be.
 * Stage.tsx measures its area and places its tiles at these rectangles; the math is tested here
 * with many sizes (stageLayout.test.ts).
 */

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Grid {
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
}

/** Tiles are 16:9 like a camera or a screen; the video inside is cropped or letterboxed. */
export const TILE_ASPECT = 16 / 9;
/** The space between tiles (px). */
export const TILE_GAP = 8;
/** The most tiles a gallery shows at once; beyond, the last one is a "+N" tile. */
export const MAX_GALLERY_TILES = 9;

function tileFor(area: Size, columns: number, rows: number, aspect: number, gap: number) {
  const cellWidth = (area.width - gap * (columns - 1)) / columns;
  const cellHeight = (area.height - gap * (rows - 1)) / rows;
  if (cellWidth <= 0 || cellHeight <= 0) return { width: 0, height: 0 };
  // The largest tile of this aspect inside the cell.
  const width = Math.min(cellWidth, cellHeight * aspect);
  return { width, height: width / aspect };
}

/**
 * The grid of `count` equal tiles of `aspect` (width/height) that makes them largest in `area`:
 * every column count is tried (rows follow), the biggest tile wins, fewer empty cells on a tie.
 */
export function fitGrid(area: Size, count: number, aspect = TILE_ASPECT, gap = TILE_GAP): Grid {
  if (count <= 0) return { columns: 0, rows: 0, tileWidth: 0, tileHeight: 0 };
  let best: Grid = { columns: 1, rows: count, tileWidth: 0, tileHeight: 0 };
  for (let columns = 1; columns <= count; columns += 1) {
    const rows = Math.ceil(count / columns);
    // A column count that leaves a whole row empty is the same grid as a smaller one.
    if (columns > 1 && Math.ceil(count / (columns - 1)) === rows) continue;
    const tile = tileFor(area, columns, rows, aspect, gap);
    if (tile.width > best.tileWidth + 1e-9) {
      best = { columns, rows, tileWidth: tile.width, tileHeight: tile.height };
    }
  }
  return best;
}

/**
 * The rectangles of a grid of `count` tiles, centred in `area`; a last row that is not full is
 * centred too (as in Meet and Zoom), so three people show as two above and one centred below.
 */
export function gridRects(
  area: Size,
  count: number,
  aspect = TILE_ASPECT,
  gap = TILE_GAP,
  origin: { x: number; y: number } = { x: 0, y: 0 },
): Rect[] {
  const grid = fitGrid(area, count, aspect, gap);
  if (!grid.tileWidth) return [];
  const { columns, rows, tileWidth: w, tileHeight: h } = grid;
  const usedHeight = rows * h + (rows - 1) * gap;
  const top = origin.y + (area.height - usedHeight) / 2;
  const rects: Rect[] = [];
  for (let i = 0; i < count; i += 1) {
    const row = Math.floor(i / columns);
    const inRow = row === rows - 1 ? count - row * columns : columns;
    const rowWidth = inRow * w + (inRow - 1) * gap;
    const left = origin.x + (area.width - rowWidth) / 2;
    const col = i - row * columns;
    rects.push({ x: left + col * (w + gap), y: top + row * (h + gap), width: w, height: h });
  }
  return rects;
}

/** The tiles a gallery of `count` shows: all of them, or the first ones and a "+N" tile. */
export function galleryPage(
  count: number,
  max = MAX_GALLERY_TILES,
): { shown: number; hidden: number } {
  if (count <= max) return { shown: count, hidden: 0 };
  // The last slot becomes "+N": it stands for itself and everyone after it.
  return { shown: max - 1, hidden: count - (max - 1) };
}

export interface FeaturedLayout {
  main: Rect;
  /** One rectangle per strip tile shown (a "+N" tile, if any, takes the last one). */
  strip: Rect[];
  /** Strip tiles that did not fit (shown as "+N" in the last strip place). */
  hidden: number;
  /** Where the strip sits: beside the main tile on a wide area, under it on a tall one. */
  side: 'right' | 'bottom';
}

/**
 * One large tile with a filmstrip of the others (a shared screen, the speaker, a pin). The strip
 * goes to the right on a landscape area and below on a portrait one, and takes at most a quarter
 * of the area's width (or height); the main tile fills the rest.
 */
export function featuredLayout(
  area: Size,
  stripCount: number,
  aspect = TILE_ASPECT,
  gap = TILE_GAP,
): FeaturedLayout {
  const side: FeaturedLayout['side'] = area.width >= area.height ? 'right' : 'bottom';
  if (stripCount <= 0 || area.width <= 0 || area.height <= 0) {
    return { main: gridRects(area, 1, aspect, gap)[0] ?? empty(), strip: [], hidden: 0, side };
  }
  if (side === 'right') {
    const stripWidth = Math.max(0, Math.min(240, Math.floor(area.width / 4)));
    const stripHeightFor = stripWidth / aspect;
    // As many strip tiles as fit one above the other at that width.
    const fit = Math.max(1, Math.floor((area.height + gap) / (stripHeightFor + gap)));
    const { shown, hidden } = galleryPage(stripCount, fit);
    const slots = shown + (hidden ? 1 : 0);
    const stripArea = { width: stripWidth, height: area.height };
    const mainArea = { width: area.width - stripWidth - gap, height: area.height };
    const strip = columnRects(stripArea, slots, aspect, gap, area.width - stripWidth);
    const main = gridRects(mainArea, 1, aspect, gap)[0] ?? empty();
    return { main, strip, hidden, side };
  }
  const stripHeight = Math.max(0, Math.min(160, Math.floor(area.height / 4)));
  const stripWidthFor = stripHeight * aspect;
  const fit = Math.max(1, Math.floor((area.width + gap) / (stripWidthFor + gap)));
  const { shown, hidden } = galleryPage(stripCount, fit);
  const slots = shown + (hidden ? 1 : 0);
  const mainArea = { width: area.width, height: area.height - stripHeight - gap };
  const strip = rowRects({ width: area.width, height: stripHeight }, slots, aspect, gap, {
    y: area.height - stripHeight,
  });
  const main = gridRects(mainArea, 1, aspect, gap)[0] ?? empty();
  return { main, strip, hidden, side };
}

function empty(): Rect {
  return { x: 0, y: 0, width: 0, height: 0 };
}

/** `count` tiles one above the other, as large as the column allows, centred vertically. */
function columnRects(area: Size, count: number, aspect: number, gap: number, x: number): Rect[] {
  const cellHeight = (area.height - gap * (count - 1)) / count;
  const width = Math.min(area.width, cellHeight * aspect);
  const height = width / aspect;
  const used = count * height + (count - 1) * gap;
  const top = (area.height - used) / 2;
  const left = x + (area.width - width) / 2;
  return Array.from({ length: count }, (_, i) => ({
    x: left,
    y: top + i * (height + gap),
    width,
    height,
  }));
}

/** `count` tiles side by side, as large as the row allows, centred horizontally. */
function rowRects(
  area: Size,
  count: number,
  aspect: number,
  gap: number,
  { y }: { y: number },
): Rect[] {
  const cellWidth = (area.width - gap * (count - 1)) / count;
  const width = Math.min(cellWidth, area.height * aspect);
  const height = width / aspect;
  const used = count * width + (count - 1) * gap;
  const left = (area.width - used) / 2;
  const top = y + (area.height - height) / 2;
  return Array.from({ length: count }, (_, i) => ({
    x: left + i * (width + gap),
    y: top,
    width,
    height,
  }));
}

/** The most tiles a side-by-side row shows before its last place becomes "+N". */
export const MAX_ROW_TILES = 4;

/**
 * `count` equal tiles side by side in one row, as large as the area allows, centred (the
 * side-by-side stage mode); beyond `max`, the last place is "+N" (`hidden` tiles).
 */
export function sideBySideRects(
  area: Size,
  count: number,
  max = MAX_ROW_TILES,
  aspect = TILE_ASPECT,
  gap = TILE_GAP,
): { rects: Rect[]; hidden: number } {
  if (count <= 0 || area.width <= 0 || area.height <= 0) return { rects: [], hidden: 0 };
  const { shown, hidden } = galleryPage(count, max);
  const slots = shown + (hidden ? 1 : 0);
  return { rects: rowRects(area, slots, aspect, gap, { y: 0 }), hidden };
}
