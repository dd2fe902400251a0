import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/**
 * A one-line notice across the top of a tile ('Not sent', 'Cannot decrypt'): the core's and the
 * features' tile overlays share its place and look; `alert` tints it red and makes it a status.
 */
export function TileNotice({ alert = false, children }: { alert?: boolean; children: ReactNode }) {
  return (
    <Text
      pos="absolute"
      top={8}
      left={8}
      right={8}
      size="xs"
      c="white"
      bg={alert ? 'rgba(160,0,0,.75)' : 'rgba(0,0,0,.6)'}
      px={6}
      {...(alert ? { role: 'status' } : {})}
      style={{ borderRadius: 6 }}
    >
      {children}
    </Text>
  );
}
