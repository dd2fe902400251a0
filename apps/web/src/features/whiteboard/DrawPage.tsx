import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Anchor, Box, Center, Group, Loader, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import type { WhiteboardElement } from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import {
  boardElements,
  fetchDrawing,
  readLocalDrawing,
  saveDrawing,
  writeLocalDrawing,
} from './drawingStore.ts';

// Excalidraw is large: it loads with this page's canvas, never with the app's first load.
const Surface = lazy(() => import('./Surface.tsx'));

/** How long after the last change a drawing is saved. */
const SAVE_AFTER_MS = 1500;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * /draw: a personal board. Signed in, it is saved to the account (`/api/account/drawing`);
 * a guest's stays in this browser. It reaches a call through the call's whiteboard ("Load from
 * my drawing"), which reads the same place.
 */
export function DrawPage() {
  const { t } = useTranslation();
  const signedIn = useSessionStore((s) => s.signedIn);
  const [initial, setInitial] = useState<WhiteboardElement[] | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const api = useRef<ExcalidrawImperativeAPI | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSaved = useRef('');

  useEffect(() => {
    let live = true;
    const load = signedIn ? fetchDrawing() : Promise.resolve(readLocalDrawing());
    void load
      .catch(() => [])
      .then((elements) => {
        if (!live) return;
        lastSaved.current = signature(elements);
        setInitial(elements);
      });
    return () => {
      live = false;
    };
  }, [signedIn]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const save = async () => {
    const scene = api.current?.getSceneElements();
    if (!scene) return;
    const elements = boardElements(scene);
    const sig = signature(elements);
    if (sig === lastSaved.current) return;
    setSaveState('saving');
    try {
      if (signedIn) await saveDrawing(elements);
      else writeLocalDrawing(elements);
      lastSaved.current = sig;
      setSaveState('saved');
    } catch {
      setSaveState('failed');
    }
  };

  const onChange = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), SAVE_AFTER_MS);
  };

  const status =
    saveState === 'saving'
      ? t('whiteboard.draw.saving')
      : saveState === 'failed'
        ? t('whiteboard.draw.saveFailed')
        : saveState === 'saved'
          ? signedIn
            ? t('whiteboard.draw.saved')
            : t('whiteboard.draw.savedLocally')
          : '';

  return (
    <Box h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" px="md" py="xs" wrap="wrap" gap="xs">
        <Group gap="md">
          <Anchor component={Link} to="/app" fw={700}>
            PODIUM
          </Anchor>
          <Title order={1} size="h4">
            {t('whiteboard.draw.heading')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {status}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" px="md" pb="xs">
        {signedIn ? null : `${t('whiteboard.draw.guestNote')} `}
        {t('whiteboard.draw.shareNote')} {t('whiteboard.imagesLeftOut')}
      </Text>
      <Box style={{ flex: 1, minHeight: 0 }}>
        {initial === null ? (
          <Center h="100%">
            <Loader aria-label={t('whiteboard.loading')} />
          </Center>
        ) : (
          <Suspense
            fallback={
              <Center h="100%">
                <Loader aria-label={t('whiteboard.loading')} />
              </Center>
            }
          >
            <Surface
              initialElements={initial}
              viewMode={false}
              name={t('whiteboard.draw.heading')}
              onApi={(a) => {
                api.current = a;
              }}
              onChange={onChange}
            />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}

/** Changes anything a drawing shows: ids and versions. */
function signature(elements: readonly WhiteboardElement[]): string {
  return elements.map((e) => `${e.id}:${e.version}`).join(',');
}
