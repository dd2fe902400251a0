import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconVolume } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { loginPath } from '../../shared/routing/paths.ts';
import { MediaPreview } from '../join/MediaPreview.tsx';
import { usePreJoinMedia } from '../join/usePreJoinMedia.ts';
import { useAccountSettings } from '../settings/api.ts';
import { MediaSection } from '../settings/Sections.tsx';
import { playTestSound } from './testSound.ts';

/** "Play test sound" on the speaker chosen above. */
function SpeakerTest({ speakerId }: { speakerId: string | null }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'playing' | 'played' | 'failed'>('idle');
  const play = async () => {
    setState('playing');
    try {
      await playTestSound(speakerId);
      setState('played');
    } catch {
      setState('failed');
    }
  };
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconVolume size={18} aria-hidden />}
          loading={state === 'playing'}
          onClick={() => void play()}
        >
          {t('devices.playSound')}
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite">
          {state === 'played' ? t('devices.soundPlayed') : ''}
        </Text>
      </Group>
      {state === 'failed' ? (
        <Alert color="orange" role="alert">
          {t('devices.soundFailed')}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Signed in: the account's defaults, the same section the settings page shows. */
function Defaults() {
  const { t } = useTranslation();
  const signedIn = useSessionStore((s) => s.signedIn);
  const account = useAccountSettings().data;
  if (!signedIn) {
    return (
      <Text size="sm">
        {t('devices.signInForDefaults')}{' '}
        <Anchor component={Link} to={loginPath('/app/change_media_devices')}>
          {t('shell.signIn')}
        </Anchor>
      </Text>
    );
  }
  return account ? <MediaSection account={account} /> : null;
}

/**
 * /app/change_media_devices: try camera, microphone and speaker before a call (the same preview
 * as the pre-join, with the account's defaults applied), and choose the defaults calls start with.
 */
export function DeviceTestPage() {
  const { t } = useTranslation();
  const media = usePreJoinMedia();
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>{t('titles.changeMediaDevices')}</Title>
        <Text c="dimmed">{t('devices.intro')}</Text>
      </Stack>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="device-test">
        <Stack gap="md">
          <Title order={2} size="h4" id="device-test">
            {t('devices.testHeading')}
          </Title>
          {media.supported ? null : (
            <Alert color="red" role="alert">
              {t('join.prejoin.unsupported')}
            </Alert>
          )}
          <MediaPreview media={media} name="" />
          <SpeakerTest speakerId={media.state.selected.speaker} />
        </Stack>
      </Paper>
      <Defaults />
    </Stack>
  );
}
