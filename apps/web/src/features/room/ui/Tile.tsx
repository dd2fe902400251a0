import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Center,
  Group,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
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
import { TileCaptionBar } from './TileCaptionBar.tsx';

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

/**
 * Whether a <video> really shows frames: the first frame arrived (`loadeddata`, a size) and the
 * track is not muted (a remote track mutes when its packets stop: a camera turned off by a role
 * change, frames that cannot be decrypted never arrive). Until then the tile shows the avatar,
 * never a black box.
 */
function useShowsFrames(video: HTMLVideoElement | null, stream: MediaStream | null): boolean {
  // Kept with the stream it is about: a new stream starts hidden until its first frame.
  const [seen, setSeen] = useState<{ stream: MediaStream | null; shows: boolean }>({
    stream: null,
    shows: false,
  });
  useEffect(() => {
    if (!video || !stream) return;
    const track = stream.getVideoTracks()[0];
    const check = () =>
      setSeen({
        stream,
        shows: video.videoWidth > 0 && video.readyState >= 2 && !(track?.muted ?? false),
      });
    const events = ['loadeddata', 'resize', 'playing', 'emptied'] as const;
    for (const name of events) video.addEventListener(name, check);
    track?.addEventListener('mute', check);
    track?.addEventListener('unmute', check);
    // The element may already show frames (it stays mounted while tiles move).
    const first = requestAnimationFrame(check);
    return () => {
      cancelAnimationFrame(first);
      for (const name of events) video.removeEventListener(name, check);
      track?.removeEventListener('mute', check);
      track?.removeEventListener('unmute', check);
    };
  }, [video, stream]);
  return seen.stream === stream && stream !== null && seen.shows;
}

export function Tile({
  tile,
  large,
  compact,
  viewOnly,
}: {
  tile: StageTile;
  large?: boolean;
  /** A small tile (filmstrip): name only, no buttons. */
  compact?: boolean;
  /** No buttons at all (the recorder page: a picture, nobody to click). */
  viewOnly?: boolean;
}) {
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

  const live = stream?.getVideoTracks().some((track) => track.readyState === 'live') ?? false;
  // A remote camera the server reports off shows the avatar even if its track lingers.
  const hasVideo = live && (tile.self || tile.source === 'screen' || participant?.video !== false);
  const showsFrames = useShowsFrames(hasVideo ? video : null, hasVideo ? stream : null);
  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    if (element.srcObject !== stream) element.srcObject = stream;
    if (stream) void element.play().catch(() => undefined);
  }, [stream, hasVideo]);

  if (!participant) return null;
  const name = tile.self ? t('room.tile.you', { name: participant.name }) : participant.name;
  const label =
    tile.source === 'screen' ? t('room.tile.screenOf', { name: participant.name }) : name;
  const pinned = localPin === tile.participantId;
  // One's own camera is mirrored, as people expect to see themselves; a screen never is.
  const mirrored = tile.self && tile.source === 'camera' && mirror;
  const initial = participant.name.trim().charAt(0).toUpperCase() || '?';

  return (
    <Box
      ref={setBox}
      role="group"
      aria-label={label}
      // Anti-screen-capture (AccountCallSettings) marks and blurs other people's video only.
      data-remote-tile={tile.self ? undefined : ''}
      data-shows-video={showsFrames ? '' : undefined}
      pos="relative"
      bg="dark.6"
      h="100%"
      w="100%"
      style={{
        borderRadius: 12,
        overflow: 'hidden',
        outline: speaking ? '3px solid var(--mantine-color-green-5)' : undefined,
        outlineOffset: -3,
      }}
    >
      {/* The avatar is always there, under the video: whatever the video does, no black box. */}
      <Center pos="absolute" inset={0} aria-hidden>
        <Avatar
          color="initials"
          name={participant.name}
          radius="50%"
          size={compact ? 'md' : large ? 120 : 'xl'}
          variant="filled"
        >
          {initial}
        </Avatar>
      </Center>
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
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: tile.source === 'screen' ? 'contain' : 'cover',
            transform: mirrored ? 'scaleX(-1)' : undefined,
            background: tile.source === 'screen' ? 'black' : undefined,
            // Hidden (not removed) until frames come, so the avatar shows instead of black.
            opacity: showsFrames ? 1 : 0,
            transition: 'opacity 120ms',
          }}
        />
      ) : null}
      {tile.self && hasVideo && unavailable && tile.source === 'camera' ? (
        <TileNotice>{t('room.notSent')}</TileNotice>
      ) : null}
      {session.features.map(({ id, TileOverlay }) =>
        TileOverlay ? <TileOverlay key={id} tile={tile} /> : null,
      )}
      <TileCaptionBar>
        <Group gap={4} wrap="nowrap" miw={0}>
          {tile.source === 'camera' && !participant.audio ? (
            // A red disc with a slashed mic: the sign everyone reads as "muted".
            <ThemeIcon
              size={20}
              radius="xl"
              color="red"
              aria-label={t('room.tile.micOff')}
              role="img"
            >
              <IconMicrophoneOff size={13} aria-hidden />
            </ThemeIcon>
          ) : null}
          {participant.hand_raised_at !== null ? (
            <IconHandStop size={16} color="orange" aria-label={t('room.tile.handRaised')} />
          ) : null}
          {participant.state === 'reconnecting' ? (
            <IconWifiOff size={16} color="orange" aria-label={t('room.tile.reconnecting')} />
          ) : null}
          {pinnedForAll === tile.participantId ? (
            // A labelled pill, not a bare icon: it must not be mistaken for a muted mic.
            <Badge
              size="sm"
              color="blue"
              variant="filled"
              leftSection={<IconPin size={11} aria-hidden />}
              aria-label={t('room.tile.pinnedForAll')}
            >
              {t('room.tile.pinned')}
            </Badge>
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
        {compact || viewOnly ? null : (
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
                // Named for what a click does (issue 15), like the full screen button.
                label={pip.active ? t('room.tile.exitPip') : t('room.tile.pip')}
                active={pip.active}
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
                label={
                  fullscreen.active ? t('room.tile.exitFullscreen') : t('room.tile.fullscreen')
                }
                active={fullscreen.active}
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
        )}
      </TileCaptionBar>
    </Box>
  );
}

/**
 * A tile button. A pin toggle (`pressed`) keeps its name and shows its state with aria-pressed;
 * an action that swaps itself (full screen, picture in picture: `active`) is named for what a
 * click does ("Exit full screen"), as people and screen readers expect of those.
 */
function TileButton({
  label,
  tip,
  pressed,
  active,
  onClick,
  children,
}: {
  label: string;
  tip?: string;
  pressed?: boolean;
  active?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  const on = pressed ?? active ?? false;
  return (
    <Tooltip label={tip ?? label}>
      <ActionIcon
        size="sm"
        variant={on ? 'filled' : 'subtle'}
        color={on ? undefined : 'gray.0'}
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
