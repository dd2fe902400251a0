import type { ReactNode } from 'react';
import { Group } from '@mantine/core';

/**
 * The strip along a tile's bottom edge that carries its name and badges, on a shade so white
 * text stays readable over any picture. People's tiles and the features' stage content (camera
 * shares) use the same one, so every tile on the stage reads alike.
 */
export function TileCaptionBar({ children }: { children: ReactNode }) {
  return (
    <Group
      pos="absolute"
      bottom={0}
      left={0}
      right={0}
      p={6}
      gap={6}
      justify="space-between"
      wrap="nowrap"
      style={{ background: 'linear-gradient(transparent, rgba(0,0,0,.65))' }}
    >
      {children}
    </Group>
  );
}
