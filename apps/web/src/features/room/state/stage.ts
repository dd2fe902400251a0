import type { Layout } from '@podium/protocol';
import { isOnStage } from './onStage.ts';
import { effectivePin, type RoomState } from './roomState.ts';

/**
 * What the stage shows for a layout (spec: gallery, center/speaker, pin). Pure: the tiles in
 * order, split into the main area and the strip beside it.
 */
export interface StageTile {
  /**
   * Stable React key: `<participant>:camera`, `<participant>:screen`, or
   * `content:<feature>:<content>` for what an in-call feature puts on the stage.
   */
  key: string;
  /** Whose tile it is (for content: who put it on the stage). */
  participantId: string;
  source: 'camera' | 'screen' | 'content';
  self: boolean;
  /** For `content`: the in-call feature that draws it, and which of its contents. */
  content?: StageContentRef;
}

/**
 * Something an in-call feature shows on the stage as a tile of its own (a whiteboard, a shared
 * video): featured like a screen share, so everyone and the recorder see it.
 */
export interface StageContentRef {
  featureId: string;
  contentId: string;
  /** Who put it on the stage. */
  participantId: string;
}

export interface StageView {
  layout: Layout;
  /**
   * How the stage draws it: `grid` (everyone equal) or `featured` (one large tile and a
   * filmstrip). A gallery turns featured while someone else shares a screen. `row`: every tile
   * side by side in one row (a stage mode chosen for everyone, stageMode.ts).
   */
  arrangement: 'grid' | 'featured' | 'row';
  main: StageTile[];
  strip: StageTile[];
  /** This browser shares its screen: it shows a "You are presenting" bar, not its own screen. */
  presenting: boolean;
}

export interface StageInput {
  room: Pick<
    RoomState,
    'participants' | 'order' | 'selfId' | 'layout' | 'localPin' | 'pinnedForAll'
  > &
    Partial<Pick<RoomState, 'mode'>>;
  activeSpeaker: string | null;
  /** This browser shares its screen (shown before the server reports it). */
  selfSharing: boolean;
  /** What in-call features show on the stage now, in feature order (none by default). */
  contents?: readonly StageContentRef[];
}

export function stageTiles(input: StageInput): StageTile[] {
  const { room } = input;
  const cameras: StageTile[] = [];
  const screens: StageTile[] = [];
  for (const id of room.order) {
    const p = room.participants[id];
    if (!p) continue;
    const self = id === room.selfId;
    // Backstage presenters are off the stage; one still sees oneself.
    if (p.invisible && !self) continue;
    // A conference's audience gets no tiles (isOnStage); one still sees one's own preview.
    if (!self && !isOnStage(room.mode ?? null, p)) continue;
    cameras.push({ key: `${id}:camera`, participantId: id, source: 'camera', self });
    // One's own screen is not a tile (a hall of mirrors); the stage says "You are presenting".
    if (p.screen && !self) {
      screens.push({ key: `${id}:screen`, participantId: id, source: 'screen', self });
    }
  }
  const contents: StageTile[] = (input.contents ?? []).map((content) => ({
    key: `content:${content.featureId}:${content.contentId}`,
    participantId: content.participantId,
    source: 'content',
    self: false,
    content,
  }));
  // Shared content and screens lead: they are what people look at.
  return [...contents, ...screens, ...cameras];
}

/** A shared screen or a feature's content: what people look at, featured on the stage. */
function isShared(tile: StageTile): boolean {
  return tile.source === 'screen' || tile.source === 'content';
}

function featured(tiles: StageTile[], input: StageInput): StageTile | undefined {
  const screen = tiles.find(isShared);
  if (screen) return screen;
  const speaker = input.activeSpeaker;
  const others = tiles.filter((t) => !t.self);
  return (
    others.find((t) => t.participantId === speaker) ??
    (speaker === input.room.selfId && others.length === 0 ? tiles[0] : undefined) ??
    others[0] ??
    tiles[0]
  );
}

export function stageView(input: StageInput): StageView {
  const tiles = stageTiles(input);
  const layout = input.room.layout;
  const self = input.room.selfId ? input.room.participants[input.room.selfId] : undefined;
  const presenting = input.selfSharing || Boolean(self?.screen);
  const screen = tiles.find(isShared);
  // A shared screen is what people look at: a gallery features it (Meet and Zoom do the same).
  if (layout === 'gallery' && !screen) {
    return { layout, arrangement: 'grid', main: tiles, strip: [], presenting };
  }
  let main: StageTile | undefined;
  if (layout === 'pin') {
    const pin = effectivePin(input.room as RoomState);
    if (pin) {
      main =
        tiles.find((t) => t.participantId === pin && t.source === 'screen') ??
        tiles.find((t) => t.participantId === pin && t.source === 'camera');
    }
  }
  main ??= featured(tiles, input);
  if (!main) return { layout, arrangement: 'featured', main: [], strip: [], presenting };
  return {
    layout,
    arrangement: 'featured',
    main: [main],
    strip: tiles.filter((t) => t !== main),
    presenting,
  };
}
