import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, Center, Group, Text, Tooltip } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconHandStop,
  IconMicrophoneOff,
  IconPictureInPicture,
  IconPictureInPictureOff,
  IconPin,
  IconPinnedOff,
  IconVolume,
  IconWifiOff,
} from '@tabler/icons-react';
import { useTranslation } from '../../../shared/i18n/index.ts';
import type { StageTile } from '../state/stage.ts';
import { useRoom, useRoomState } from './context.ts';
import { useMirror } from './mirror.ts';
import { TileNotice } from './TileNotice.tsx';

/** The stream a tile shows: the local camera/screen for oneself, the received feed otherwise. */
function useTileStream(tile: StageTile): MediaStream | null {
  return useRoomState((s) => {
    if (tile.self) {
      return tile.source === 'screen' ? s.media.screen.stream : s.media.devices.camera.stream;
    }
    const feed = Object.values(s.room.feeds).find(
      (f) => f.participant_id === tile.participantId && f.source === tile.source,
    );
    return feed ? (s.media.remote[feed.feed_id] ?? null) : null;
  });
}

function usePictureInPicture(video: HTMLVideoElement | null) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (!video) return;
    const enter = () => setActive(true);
    const leave = () => setActive(false);
    video.addEventListener('enterpictureinpicture', enter);
    video.addEventListener('leavepictureinpicture', leave);
    return () => {
      video.removeEventListener('enterpictureinpicture', enter);
      video.removeEventListener('leavepictureinpicture', leave);
    };
  }, [video]);
  const supported =
    typeof document !== 'undefined' &&
    'pictureInPictureEnabled' in document &&
    document.pictureInPictureEnabled;
  const toggle = async () => {
    try {
      if (document.pictureInPictureElement === video) await document.exitPictureInPicture();
      else await video?.requestPictureInPicture();
    } catch {
      // No frame yet, or the browser refused: nothing to undo.
    }
  };
  return { supported, active, toggle };
}

function useFullscreen(element: HTMLElement | null) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const sync = () => setActive(document.fullscreenElement === element && element !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [element]);
  const toggle = async () => {
    try {
      if (document.fullscreenElement === element) await document.exitFullscreen();
      else await element?.requestFullscreen();
    } catch {
      // Refused (iframe without permission): the tile stays as it is.
    }
  };
  return {
    supported: typeof document !== 'undefined' && document.fullscreenEnabled,
    active,
    toggle,
  };
}

export function Tile({ tile, large }: { tile: StageTile; large?: boolean }) {
  const { t } = useTranslation();
  const session = useRoom();
  const participant = useRoomState((s) => s.room.participants[tile.participantId]);
  const localPin = useRoomState((s) => s.room.localPin);
  const pinnedForAll = useRoomState((s) => s.room.pinnedForAll);
  const speaking = useRoomState((s) => s.media.activeSpeaker === tile.participantId);
  const unavailable = useRoomState((s) => s.media.availability === 'unavailable');
  const stream = useTileStream(tile);
  const [mirror] = useMirror();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const pip = usePictureInPicture(video);
  const fullscreen = useFullscreen(box);
  const videoRef = useRef<HTMLVideoElement | null>(null);

  const hasVideo = stream?.getVideoTracks().some((track) => track.readyState === 'live') ?? false;
  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    element.srcObject = stream;
    if (stream) void element.play().catch(() => undefined);
  }, [stream, hasVideo]);

  if (!participant) return null;
  const name = tile.self ? t('room.tile.you', { name: participant.name }) : participant.name;
  const label =
    tile.source === 'screen' ? t('room.tile.screenOf', { name: participant.name }) : name;
  const pinned = localPin === tile.participantId;
  // One's own camera is mirrored, as people expect to see themselves; a screen never is.
  const mirrored = tile.self && tile.source === 'camera' && mirror;

  return (
    <Box
      ref={setBox}
      role="group"
      aria-label={label}
      // Anti-screen-capture (AccountCallSettings) marks and blurs other people's video only.
      data-remote-tile={tile.self ? undefined : ''}
      pos="relative"
      bg="dark.7"
      h="100%"
      mih={large ? 240 : 120}
      style={{
        borderRadius: 12,
        overflow: 'hidden',
        outline: speaking ? '3px solid var(--mantine-color-green-5)' : undefined,
      }}
    >
      {hasVideo ? (
        <video
          ref={(element) => {
            videoRef.current = element;
            setVideo(element);
          }}
          aria-label={
            tile.source === 'screen' ? label : t('room.tile.video', { name: participant.name })
          }
          autoPlay
          playsInline
          // Sound plays through RemoteAudio, whatever the layout shows.
          muted
          style={{
            width: '100%',
            height: '100%',
            objectFit: tile.source === 'screen' ? 'contain' : 'cover',
            transform: mirrored ? 'scaleX(-1)' : undefined,
            background: 'black',
          }}
        />
      ) : (
        <Center h="100%">
          <Text size={large ? '3rem' : 'xl'} fw={700} c="gray.3" aria-hidden>
            {participant.name.trim().charAt(0).toUpperCase() || '?'}
          </Text>
        </Center>
      )}
      {tile.self && hasVideo && unavailable && tile.source === 'camera' ? (
        <TileNotice>{t('room.notSent')}</TileNotice>
      ) : null}
      {session.features.map(({ id, TileOverlay }) =>
        TileOverlay ? <TileOverlay key={id} tile={tile} /> : null,
      )}
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
        <Group gap={4} wrap="nowrap" miw={0}>
          {tile.source === 'camera' && !participant.audio ? (
            <IconMicrophoneOff size={16} color="white" aria-label={t('room.tile.micOff')} />
          ) : null}
          {participant.hand_raised_at !== null ? (
            <IconHandStop size={16} color="orange" aria-label={t('room.tile.handRaised')} />
          ) : null}
          {participant.state === 'reconnecting' ? (
            <IconWifiOff size={16} color="orange" aria-label={t('room.tile.reconnecting')} />
          ) : null}
          {pinnedForAll === tile.participantId ? (
            <IconPin size={16} color="white" aria-label={t('room.tile.pinnedForAll')} />
          ) : null}
          <Text size="sm" c="white" truncate>
            {label}
          </Text>
          {speaking ? (
            <IconVolume
              size={16}
              color="var(--mantine-color-green-4)"
              role="img"
              aria-label={t('room.tile.speaking', { name: participant.name })}
            />
          ) : null}
        </Group>
        <Group gap={2} wrap="nowrap">
          <TileButton
            label={t('room.tile.pin', { name: participant.name })}
            tip={
              pinned
                ? t('room.tile.unpin', { name: participant.name })
                : t('room.tile.pin', { name: participant.name })
            }
            pressed={pinned}
            onClick={() => session.pinLocally(pinned ? null : tile.participantId)}
          >
            {pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
          </TileButton>
          {pip.supported && hasVideo ? (
            <TileButton
              label={t('room.tile.pip')}
              tip={pip.active ? t('room.tile.exitPip') : t('room.tile.pip')}
              pressed={pip.active}
              onClick={() => void pip.toggle()}
            >
              {pip.active ? (
                <IconPictureInPictureOff size={16} />
              ) : (
                <IconPictureInPicture size={16} />
              )}
            </TileButton>
          ) : null}
          {fullscreen.supported ? (
            <TileButton
              label={t('room.tile.fullscreen')}
              tip={fullscreen.active ? t('room.tile.exitFullscreen') : t('room.tile.fullscreen')}
              pressed={fullscreen.active}
              onClick={() => void fullscreen.toggle()}
            >
              {fullscreen.active ? (
                <IconArrowsMinimize size={16} />
              ) : (
                <IconArrowsMaximize size={16} />
              )}
            </TileButton>
          ) : null}
        </Group>
      </Group>
    </Box>
  );
}

/** A toggle: the accessible name stays the same, aria-pressed tells the state. */
function TileButton({
  label,
  tip,
  pressed,
  onClick,
  children,
}: {
  label: string;
  tip: string;
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip label={tip}>
      <ActionIcon
        size="sm"
        variant={pressed ? 'filled' : 'subtle'}
        color={pressed ? undefined : 'gray.0'}
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
