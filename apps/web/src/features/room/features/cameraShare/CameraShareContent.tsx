import { useEffect, useRef } from 'react';
import { ActionIcon, Badge, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconPin, IconPinnedOff, IconPlayerStop } from '@tabler/icons-react';
import { useShallow } from 'zustand/react/shallow';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { readSlice } from '../../store.ts';
import { useRoom, useRoomState } from '../../ui/context.ts';
import type { StageContentProps } from '../inCallFeature.ts';
import { pinShare, stopCameraShare } from './actions.ts';
import { cameraShareSlice } from './state.ts';
import { shareTiles } from './view.ts';
import { TileCaptionBar } from '../../ui/TileCaptionBar.tsx';

/**
 * One camera share on the stage: its video (one's own capture, or the received feed), labelled
 * with its name and its owner's, its state while starting or stopping, a pin for the viewer and,
 * for its owner, Stop. The recorder's view (`viewOnly`) shows the picture and the name only.
 */
export function CameraShareContent({ contentId, viewOnly }: StageContentProps) {
  const { t } = useTranslation();
  const session = useRoom();
  const tile = useRoomState(
    useShallow((s) => {
      const found = shareTiles(readSlice(s, cameraShareSlice), s.room.feeds, s.room.selfId).find(
        (x) => x.id === contentId,
      );
      return found
        ? {
            name: found.name,
            status: found.status,
            self: found.self,
            feedId: found.feedId,
            source: found.source,
            participantId: found.participantId,
          }
        : null;
    }),
  );
  const owner = useRoomState((s) =>
    tile ? (s.room.participants[tile.participantId]?.name ?? '') : '',
  );
  const pinned = useRoomState((s) => readSlice(s, cameraShareSlice).pinned === contentId);
  const stream = useRoomState((s) => {
    if (!tile) return null;
    if (tile.self) {
      return (
        readSlice(s, cameraShareSlice).own.find((o) => o.source === tile.source)?.stream ?? null
      );
    }
    return tile.feedId ? (s.media.remote[tile.feedId] ?? null) : null;
  });
  const video = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (element.srcObject !== stream) element.srcObject = stream;
    if (stream) void element.play().catch(() => undefined);
  }, [stream]);
  if (!tile) return null;
  const label = t('cameraShare.tile', { name: tile.name, owner });
  return (
    <Box
      role="group"
      aria-label={label}
      data-camera-share={tile.name}
      data-remote-tile={tile.self ? undefined : ''}
      pos="relative"
      w="100%"
      h="100%"
      bg="dark.6"
    >
      {stream ? (
        <video
          ref={video}
          aria-label={t('cameraShare.video', { name: tile.name })}
          autoPlay
          playsInline
          muted
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'cover',
          }}
        />
      ) : null}
      <TileCaptionBar>
        <Group gap={6} wrap="nowrap" miw={0}>
          <Text size="sm" c="white" truncate>
            {tile.name} · {owner}
          </Text>
          {tile.status !== 'streaming' ? (
            <Badge size="sm" color="gray" variant="filled" role="status">
              {tile.status === 'starting' ? t('cameraShare.starting') : t('cameraShare.stopping')}
            </Badge>
          ) : null}
        </Group>
        {viewOnly ? null : (
          <Group gap={2} wrap="nowrap">
            {tile.self ? (
              <Tooltip label={t('cameraShare.stop', { name: tile.name })}>
                <ActionIcon
                  size="sm"
                  variant="filled"
                  color="red"
                  aria-label={t('cameraShare.stop', { name: tile.name })}
                  onClick={() => void stopCameraShare(session, tile.source)}
                >
                  <IconPlayerStop size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Tooltip label={t('cameraShare.pin', { name: tile.name })}>
              <ActionIcon
                size="sm"
                variant={pinned ? 'filled' : 'subtle'}
                color={pinned ? undefined : 'gray.0'}
                aria-label={t('cameraShare.pin', { name: tile.name })}
                aria-pressed={pinned}
                onClick={() => {
                  // A pinned person would keep the main place: the pin moves to this camera.
                  if (!pinned) session.pinLocally(null);
                  pinShare(session.store, pinned ? null : contentId);
                }}
              >
                {pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </TileCaptionBar>
    </Box>
  );
}
