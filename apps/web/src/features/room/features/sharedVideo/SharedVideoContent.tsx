import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Box, Button, Group, Text, Tooltip } from '@mantine/core';
import {
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconRewindBackward10,
  IconRewindForward10,
  IconVolume,
} from '@tabler/icons-react';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { readSlice } from '../../store.ts';
import { selfOf } from '../../state/roomState.ts';
import { useRoom, useRoomState } from '../../ui/context.ts';
import type { StageContentProps } from '../inCallFeature.ts';
import { controlVideo, mayControl, SHARED_VIDEO_BUSY, stopVideo } from './actions.ts';
import { embedPlayer, embedUrl, videoElementPlayer, type Player } from './players.ts';
import { sharedVideoSlice } from './state.ts';
import { clockOffset, control, expectedPosition, syncStep } from './sync.ts';

/** How often each player is compared with where the video should be. */
const SYNC_EVERY_MS = 250;

function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The shared video in its stage tile: every browser (the recorder's too) plays it where the
 * server's state says it should be (sync.ts), correcting drift; those who may control it get
 * play/pause, ±10 s and stop. Autoplay with sound refused → it plays muted with an Unmute button.
 */
export function SharedVideoContent({ viewOnly }: StageContentProps) {
  const { t } = useTranslation();
  const session = useRoom();
  const { video, serverNow } = useRoomState((s) => readSlice(s, sharedVideoSlice));
  const canControl = useRoomState((s) => mayControl(selfOf(s.room))) && !viewOnly;
  const busy = useRoomState((s) => Boolean(s.busy[SHARED_VIDEO_BUSY]));
  const offset = useRef(0);
  const latest = useRef(video);
  const player = useRef<Player | null>(null);
  const [muted, setMuted] = useState(false);
  const [position, setPosition] = useState(0);

  useEffect(() => {
    offset.current = clockOffset(serverNow, Date.now());
  }, [serverNow]);
  useEffect(() => {
    latest.current = video;
  }, [video]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const state = latest.current;
      const p = player.current;
      if (!state || !p) return;
      const expected = expectedPosition(state, Date.now(), offset.current, p.duration());
      setPosition(expected);
      const step = syncStep(expected, state.playing, p.read());
      if (step.seek !== undefined) p.seek(step.seek);
      if (step.pause) p.pause();
      if (step.play) {
        void p.play().then((started) => {
          if (!started) setMuted(true);
        });
      }
    }, SYNC_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);

  const attachVideo = useCallback((element: HTMLVideoElement | null) => {
    player.current?.dispose();
    player.current = element ? videoElementPlayer(element) : null;
  }, []);
  const kind = video?.kind;
  const attachFrame = useCallback(
    (element: HTMLIFrameElement | null) => {
      player.current?.dispose();
      player.current =
        element && (kind === 'youtube' || kind === 'vimeo') ? embedPlayer(kind, element) : null;
    },
    [kind],
  );

  if (!video) return null;
  const act = (action: Parameters<typeof control>[1]) =>
    void controlVideo(
      session,
      control(video, action, Date.now(), offset.current, player.current?.duration()),
    );

  return (
    <Box
      pos="relative"
      w="100%"
      h="100%"
      role="group"
      aria-label={t('sharedVideo.tile')}
      data-shared-video={video.id}
    >
      {video.kind === 'file' ? (
        <video
          ref={attachVideo}
          src={video.url}
          aria-label={t('sharedVideo.video')}
          muted={muted}
          playsInline
          preload="auto"
          style={{ width: '100%', height: '100%', objectFit: 'contain', background: '#000' }}
        />
      ) : video.video_id ? (
        <iframe
          ref={attachFrame}
          title={t('sharedVideo.video')}
          src={embedUrl(video.kind, video.video_id, window.location.origin)}
          allow="autoplay; encrypted-media; picture-in-picture"
          sandbox="allow-scripts allow-same-origin allow-presentation"
          style={{ width: '100%', height: '100%', border: 0 }}
        />
      ) : null}
      {muted ? (
        <Button
          size="xs"
          pos="absolute"
          top={8}
          right={8}
          leftSection={<IconVolume size={14} aria-hidden />}
          onClick={() => {
            setMuted(false);
            void player.current?.play();
          }}
        >
          {t('sharedVideo.unmute')}
        </Button>
      ) : null}
      {canControl ? (
        <Group
          pos="absolute"
          bottom={8}
          left={8}
          gap={4}
          p={4}
          bg="rgba(0,0,0,0.6)"
          style={{ borderRadius: 8 }}
        >
          {video.playing ? (
            <PlayerButton
              label={t('sharedVideo.pause')}
              disabled={busy}
              onClick={() => act({ type: 'pause' })}
            >
              <IconPlayerPause size={18} aria-hidden />
            </PlayerButton>
          ) : (
            <PlayerButton
              label={t('sharedVideo.play')}
              disabled={busy}
              onClick={() => act({ type: 'play' })}
            >
              <IconPlayerPlay size={18} aria-hidden />
            </PlayerButton>
          )}
          <PlayerButton
            label={t('sharedVideo.back')}
            disabled={busy}
            onClick={() => act({ type: 'seek_by', seconds: -10 })}
          >
            <IconRewindBackward10 size={18} aria-hidden />
          </PlayerButton>
          <PlayerButton
            label={t('sharedVideo.forward')}
            disabled={busy}
            onClick={() => act({ type: 'seek_by', seconds: 10 })}
          >
            <IconRewindForward10 size={18} aria-hidden />
          </PlayerButton>
          <Text size="xs" c="gray.0" px={4} aria-label={t('sharedVideo.position')}>
            {clock(position)}
          </Text>
          <PlayerButton
            label={t('sharedVideo.stop')}
            color="red.4"
            disabled={busy}
            onClick={() => void stopVideo(session)}
          >
            <IconPlayerStop size={18} aria-hidden />
          </PlayerButton>
        </Group>
      ) : null}
    </Box>
  );
}

/** One button of the player's bar: an icon named by its tooltip. */
function PlayerButton({
  label,
  color = 'gray.0',
  disabled,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
