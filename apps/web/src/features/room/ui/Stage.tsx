import { Box, ScrollArea, SimpleGrid, Stack } from '@mantine/core';
import { useShallow } from 'zustand/react/shallow';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { galleryColumns, stageView } from '../state/stage.ts';
import { useRoomState } from './context.ts';
import { Tile } from './Tile.tsx';

/** The stage in the chosen layout: gallery grid, or one featured tile with a strip beside it. */
export function Stage() {
  const { t } = useTranslation();
  const input = useRoomState(
    useShallow((s) => ({
      participants: s.room.participants,
      order: s.room.order,
      selfId: s.room.selfId,
      layout: s.room.layout,
      localPin: s.room.localPin,
      pinnedForAll: s.room.pinnedForAll,
      activeSpeaker: s.media.activeSpeaker,
      selfSharing: s.media.screen.on,
    })),
  );
  const view = stageView({
    room: input,
    activeSpeaker: input.activeSpeaker,
    selfSharing: input.selfSharing,
  });

  if (view.layout === 'gallery') {
    const cols = galleryColumns(view.main.length);
    return (
      <Box component="section" aria-label={t('room.region.stage')} flex={1} mih={0} p={4}>
        <ScrollArea h="100%">
          <SimpleGrid cols={{ base: Math.min(cols, 2), sm: cols }} spacing="xs">
            {view.main.map((tile) => (
              <Box key={tile.key} style={{ aspectRatio: '16 / 9' }}>
                <Tile tile={tile} />
              </Box>
            ))}
          </SimpleGrid>
        </ScrollArea>
      </Box>
    );
  }

  return (
    <Box
      component="section"
      aria-label={t('room.region.stage')}
      flex={1}
      mih={0}
      p={4}
      style={{ display: 'flex', gap: 8 }}
    >
      <Box flex={1} miw={0}>
        {view.main.map((tile) => (
          <Tile key={tile.key} tile={tile} large />
        ))}
      </Box>
      {view.strip.length ? (
        <ScrollArea w={220} h="100%">
          <Stack gap="xs">
            {view.strip.map((tile) => (
              <Box key={tile.key} style={{ aspectRatio: '16 / 9' }}>
                <Tile tile={tile} />
              </Box>
            ))}
          </Stack>
        </ScrollArea>
      ) : null}
    </Box>
  );
}
