import { useEffect, useRef, useState } from 'react';
import { AspectRatio, Button, Text } from '@mantine/core';
import { IconVolume } from '@tabler/icons-react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { attachPlayer } from './player.ts';

/**
 * The live video: hls.js attached while the event is on air, started muted (browsers play
 * nothing with sound before a click) with an Unmute button.
 */
export function LivePlayer({
  playlist,
  token,
  title,
}: {
  playlist: string;
  token: () => string | null;
  title: string;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [trouble, setTrouble] = useState<'retrying' | 'unsupported' | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let detach: (() => void) | null = null;
    let gone = false;
    void attachPlayer(element, { playlist, token, onTrouble: setTrouble }).then((d) => {
      if (gone) d();
      else detach = d;
    });
    return () => {
      gone = true;
      detach?.();
    };
  }, [playlist, token]);

  return (
    <>
      <AspectRatio ratio={16 / 9} bg="black" style={{ borderRadius: 8, overflow: 'hidden' }}>
        <video
          ref={video}
          aria-label={t('live.page.player', { title })}
          muted={muted}
          autoPlay
          playsInline
          controls
          onVolumeChange={(e) => setMuted(e.currentTarget.muted)}
          style={{ width: '100%', height: '100%', objectFit: 'contain' }}
        />
      </AspectRatio>
      {muted ? (
        <Button
          variant="light"
          leftSection={<IconVolume size={18} aria-hidden />}
          onClick={() => {
            setMuted(false);
            if (video.current) video.current.muted = false;
          }}
        >
          {t('live.page.unmute')}
        </Button>
      ) : null}
      {trouble ? (
        <Text role="status" size="sm" c="dimmed">
          {trouble === 'unsupported' ? t('live.page.unsupported') : t('live.page.playFailed')}
        </Text>
      ) : null}
    </>
  );
}
