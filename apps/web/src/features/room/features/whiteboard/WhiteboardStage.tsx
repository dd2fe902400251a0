import { lazy, Suspense } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import type { StageContentProps } from '../inCallFeature.ts';

// Excalidraw is loaded only when a board is on the stage: the call page's first load stays small.
const Board = lazy(() => import('./Board.tsx'));

/** The board as a featured tile of the stage (everyone's and the recorder's). */
export function WhiteboardStage({ viewOnly }: StageContentProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Center h="100%" bg="white">
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dark">
              {t('whiteboard.loading')}
            </Text>
          </Stack>
        </Center>
      }
    >
      <Board viewOnly={viewOnly} />
    </Suspense>
  );
}
