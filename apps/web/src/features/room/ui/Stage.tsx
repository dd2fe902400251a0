import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { IconScreenShareOff } from '@tabler/icons-react';
import { useShallow } from 'zustand/react/shallow';
import { useTranslation } from '../../../shared/i18n/index.ts';
import type { InCallFeature, StageLayerProps } from '../features/inCallFeature.ts';
import type { StageContentRef, StageTile, StageView } from '../state/stage.ts';
import { modeStageView, type StageMode } from '../state/stageMode.ts';
import { useRoom, useRoomState } from './context.ts';
import {
  featuredLayout,
  galleryPage,
  gridRects,
  MAX_GALLERY_TILES,
  sideBySideRects,
  type Rect,
  type Size,
} from './stageLayout.ts';
import { Tile } from './Tile.tsx';

/** Where jsdom (no layout) and a first render before measuring put the tiles. */
const FALLBACK_AREA: Size = { width: 1280, height: 720 };

/** The size of an element, kept up to date as the window or a side panel changes it. */
function useAreaSize() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((old) =>
        old && old.width === width && old.height === height ? old : { width, height },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size: size && size.width > 0 && size.height > 0 ? size : FALLBACK_AREA };
}

/** What the session's features show on the stage now (their `stageContent`), in feature order. */
function useStageContents(features: readonly InCallFeature[]): StageContentRef[] {
  // Plain strings so the shallow comparison keeps the last array while nothing changed.
  const keys = useRoomState(
    useShallow((s) =>
      features.flatMap((feature) =>
        (feature.stageContent?.contents(s) ?? []).map((c) =>
          [feature.id, c.contentId, c.participantId].join('\u0000'),
        ),
      ),
    ),
  );
  return useMemo(
    () =>
      keys.map((key) => {
        const [featureId = '', contentId = '', participantId = ''] = key.split('\u0000');
        return { featureId, contentId, participantId };
      }),
    [keys],
  );
}

/** The layers features draw behind or over the stage's tiles, filling the stage area. */
function StageLayers({
  features,
  which,
  ...props
}: StageLayerProps & { features: readonly InCallFeature[]; which: 'StageBack' | 'StageFront' }) {
  return (
    <>
      {features.map((feature) => {
        const Layer = feature[which];
        return Layer ? (
          <Box
            key={feature.id}
            pos="absolute"
            inset={0}
            data-stage-layer={`${feature.id}:${which === 'StageBack' ? 'back' : 'front'}`}
            style={{ pointerEvents: which === 'StageFront' ? 'none' : undefined }}
          >
            <Layer {...props} />
          </Box>
        ) : null;
      })}
    </>
  );
}

/** A feature's content on the stage (a whiteboard, a shared video), drawn by that feature. */
function ContentTile({ tile, rect, viewOnly }: { tile: StageTile; rect: Rect; viewOnly: boolean }) {
  const session = useRoom();
  const ref = tile.content;
  const Content = session.features.find((f) => f.id === ref?.featureId)?.stageContent?.Content;
  if (!ref || !Content) return null;
  return (
    <Box w="100%" h="100%" bg="dark.7" style={{ borderRadius: 12, overflow: 'hidden' }}>
      <Content
        contentId={ref.contentId}
        participantId={ref.participantId}
        size={{ width: rect.width, height: rect.height }}
        viewOnly={viewOnly}
      />
    </Box>
  );
}

interface Placed {
  tile: StageTile;
  rect: Rect;
  featured: boolean;
}

/** The rectangle of every tile shown, and the "+N" place if some do not fit. */
export function placeTiles(
  view: StageView,
  area: Size,
  maxTiles = MAX_GALLERY_TILES,
): { placed: Placed[]; more: { rect: Rect; count: number } | null } {
  if (view.arrangement === 'row') {
    const { rects, hidden } = sideBySideRects(area, view.main.length);
    const shown = rects.length - (hidden ? 1 : 0);
    const placed = view.main
      .slice(0, shown)
      .flatMap((tile, i) => (rects[i] ? [{ tile, rect: rects[i], featured: false }] : []));
    const last = rects[shown];
    return { placed, more: hidden && last ? { rect: last, count: hidden } : null };
  }
  if (view.arrangement === 'grid') {
    const { shown, hidden } = galleryPage(view.main.length, maxTiles);
    const rects = gridRects(area, shown + (hidden ? 1 : 0));
    const placed = view.main
      .slice(0, shown)
      .flatMap((tile, i) => (rects[i] ? [{ tile, rect: rects[i], featured: false }] : []));
    const last = rects[shown];
    return { placed, more: hidden && last ? { rect: last, count: hidden } : null };
  }
  const layout = featuredLayout(area, view.strip.length);
  const main = view.main[0];
  const placed: Placed[] = main ? [{ tile: main, rect: layout.main, featured: true }] : [];
  const shown = layout.strip.length - (layout.hidden ? 1 : 0);
  view.strip.slice(0, shown).forEach((tile, i) => {
    const rect = layout.strip[i];
    if (rect) placed.push({ tile, rect, featured: false });
  });
  const last = layout.strip[shown];
  return { placed, more: layout.hidden && last ? { rect: last, count: layout.hidden } : null };
}

/**
 * The stage: every tile placed by stageLayout.ts so all fit the area (no scrolling, nothing
 * hidden), re-placed when the area changes size. Tiles are rendered in one stable order and only
 * moved (absolute positions), so a layout or pin change never remounts a <video> (no black
 * flash). Reads the room through RoomContext only: the call view and the recorder page both
 * render it, with or without controls around it.
 */
export function Stage({
  maxTiles,
  viewOnly = false,
}: {
  /** The most tiles a gallery shows before "+N" (default 9). */
  maxTiles?: number;
  /** Tiles without buttons, and no "You are presenting" bar (a recording of the stage). */
  viewOnly?: boolean;
} = {}) {
  const { t } = useTranslation();
  const { features } = useRoom();
  const contents = useStageContents(features);
  const input = useRoomState(
    useShallow((s) => ({
      participants: s.room.participants,
      order: s.room.order,
      selfId: s.room.selfId,
      layout: s.room.layout,
      localPin: s.room.localPin,
      pinnedForAll: s.room.pinnedForAll,
      mode: s.room.mode,
      activeSpeaker: s.media.activeSpeaker,
      selfSharing: s.media.screen.on,
      // A feature's arrangement for everyone (the studio's layout), else the viewer's own.
      stageMode: features.reduce<StageMode | null>(
        (mode, feature) => mode ?? feature.stageMode?.(s) ?? null,
        null,
      ),
    })),
  );
  const view = useMemo(
    () =>
      modeStageView(
        {
          room: input,
          activeSpeaker: input.activeSpeaker,
          selfSharing: input.selfSharing,
          contents,
        },
        input.stageMode,
      ),
    [input, contents],
  );
  const { ref, size } = useAreaSize();
  const { placed, more } = placeTiles(view, size, maxTiles);
  // One stable order for the DOM (by tile key), whatever is featured or pinned: React then
  // moves no element, so no video restarts.
  const stable = [...placed].sort((a, b) => a.tile.key.localeCompare(b.tile.key));

  return (
    <Box
      component="section"
      aria-label={t('room.region.stage')}
      flex={1}
      miw={0}
      mih={0}
      style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      {view.presenting && !viewOnly ? <PresentingBar /> : null}
      <Box
        ref={ref}
        pos="relative"
        flex={1}
        mih={0}
        data-stage-area=""
        data-arrangement={view.arrangement}
        style={{ overflow: 'hidden' }}
      >
        <StageLayers features={features} which="StageBack" area={size} viewOnly={viewOnly} />
        {stable.map(({ tile, rect, featured }) => (
          <Box
            key={tile.key}
            pos="absolute"
            data-tile-key={tile.key}
            style={{
              left: rect.x,
              top: rect.y,
              width: rect.width,
              height: rect.height,
              transition: 'left 150ms, top 150ms, width 150ms, height 150ms',
            }}
          >
            {tile.source === 'content' ? (
              <ContentTile tile={tile} rect={rect} viewOnly={viewOnly} />
            ) : (
              <Tile tile={tile} large={featured} compact={rect.height < 120} viewOnly={viewOnly} />
            )}
          </Box>
        ))}
        {more ? (
          <Box
            pos="absolute"
            data-more-tile=""
            role="img"
            aria-label={t('room.tile.more', { count: more.count })}
            bg="dark.6"
            style={{
              left: more.rect.x,
              top: more.rect.y,
              width: more.rect.width,
              height: more.rect.height,
              borderRadius: 12,
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <Text c="gray.2" fw={700} size="xl" aria-hidden>
              +{more.count}
            </Text>
          </Box>
        ) : null}
        <StageLayers features={features} which="StageFront" area={size} viewOnly={viewOnly} />
      </Box>
    </Box>
  );
}

/** Shown to the person sharing their screen instead of a tile of it (Meet's banner). */
function PresentingBar() {
  const { t } = useTranslation();
  const session = useRoom();
  const pending = useRoomState((s) => s.media.screen.pending);
  return (
    <Group
      role="status"
      justify="center"
      gap="sm"
      py={6}
      px="sm"
      bg="dark.6"
      style={{ borderRadius: 8 }}
      wrap="nowrap"
    >
      <Text c="white" size="sm" fw={500}>
        {t('room.stage.presenting')}
      </Text>
      <Button
        size="compact-sm"
        color="blue"
        leftSection={<IconScreenShareOff size={14} aria-hidden />}
        loading={pending}
        onClick={() => void session.media?.toggleScreen()}
      >
        {t('room.stage.stopPresenting')}
      </Button>
    </Group>
  );
}
