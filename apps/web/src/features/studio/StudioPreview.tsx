import { Box, Text } from '@mantine/core';
import type { StudioState } from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';
import { NameBadge, StudioFront, StudioScene } from './StudioOverlays.tsx';

const AREA = { width: 640, height: 360 };

/** The account's studio on a sample stage (two tiles side by side), as a call would show it. */
export function StudioPreview({ studio }: { studio: StudioState }) {
  const { t } = useTranslation();
  const tile = { width: 296, height: 166.5 };
  return (
    <Box
      pos="relative"
      w={AREA.width}
      maw="100%"
      h={AREA.height}
      bg="dark.8"
      style={{ overflow: 'hidden', borderRadius: 8 }}
      aria-hidden
    >
      <StudioScene studio={studio} />
      {[0, 1].map((i) => (
        <Box
          key={i}
          pos="absolute"
          bg="dark.5"
          style={{
            left: 20 + i * (tile.width + 8),
            top: (AREA.height - tile.height) / 2,
            width: tile.width,
            height: tile.height,
            borderRadius: 8,
            overflow: 'hidden',
          }}
        >
          <NameBadge studio={studio} name={t('studio.open.badge')} />
          <Text c="gray.4" size="xs" p={6}>
            {i + 1}
          </Text>
        </Box>
      ))}
      <StudioFront studio={studio} area={AREA} />
    </Box>
  );
}
