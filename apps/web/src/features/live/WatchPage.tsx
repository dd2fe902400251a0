import { Alert, Anchor, Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconGift, IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/api/errors.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { loginPath } from '../../shared/routing/paths.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { PageLoader } from '../../shared/ui/PageLoader.tsx';
import { PasscodeModal } from '../join/PasscodeModal.tsx';
import { AudienceChat } from './chat/AudienceChat.tsx';
import { useAudienceChat } from './chat/useAudienceChat.ts';
import { LivePlayer } from './LivePlayer.tsx';
import { useWatchPage } from './useWatchPage.ts';

/**
 * /live/:alias: the public watch page of an event (issue 12 item 4) — title, live or offline,
 * viewers, the room's HLS, the passcode prompt when the event has one, and the event's audience
 * chat (chat/: everyone with the pass reads, signed-in viewers write). Signed-in viewers send
 * gifts to the event's host (the gift page by link); joining the event itself is /j/:alias.
 */
export function WatchPage() {
  const { alias = '' } = useParams();
  const { t } = useTranslation();
  const page = useWatchPage(alias);
  const signedIn = useSessionStore((s) => s.signedIn);
  const { status, access } = page;
  const chat = useAudienceChat(alias, page.token, access.kind === 'granted');

  if (status.isPending) return <PageLoader />;
  if (status.error) {
    const missing = status.error instanceof ApiError && status.error.status === 404;
    return (
      <Container size="sm" py="xl">
        <Alert role="alert" color="red">
          {missing ? t('live.page.notFound') : t('live.page.loadFailed')}
        </Alert>
      </Container>
    );
  }
  const live = status.data;
  const onAir = live.live && access.kind === 'granted';

  return (
    <Container size="md" py="md" px="sm">
      <Stack gap="sm">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {live.title}
        </Title>
        <Group gap="sm" role="status" aria-live="polite">
          {live.live ? (
            <Badge color="red" variant="filled">
              {t('live.page.live')}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {t('live.page.offline')}
            </Badge>
          )}
          {live.live ? (
            <Group gap={4}>
              <IconEye size={16} aria-hidden />
              <Text size="sm">{t('live.page.viewers', { count: live.viewers })}</Text>
            </Group>
          ) : null}
        </Group>

        {onAir ? (
          <LivePlayer playlist={access.playlist} token={page.token} title={live.title} />
        ) : null}
        {!live.live ? <Text c="dimmed">{t('live.page.offlineHint')}</Text> : null}
        {access.kind === 'expired' ? <Alert color="gray">{t('live.page.expired')}</Alert> : null}
        {access.kind === 'failed' ? (
          <Alert role="alert" color="red">
            {access.message}
          </Alert>
        ) : null}
        {access.kind === 'closed' ? (
          <Group>
            <Text size="sm">{t('live.page.passcodeNeeded')}</Text>
            <Button
              variant="light"
              leftSection={<IconLock size={16} aria-hidden />}
              onClick={page.reopenPasscode}
            >
              {t('live.page.enterPasscode')}
            </Button>
          </Group>
        ) : null}

        <Group gap="sm">
          <Button component={Link} to={`/j/${encodeURIComponent(alias)}`} variant="default">
            {t('live.page.join')}
          </Button>
          {signedIn ? (
            <Button
              component={Link}
              to={`/gift?to=${encodeURIComponent(alias)}`}
              leftSection={<IconGift size={16} aria-hidden />}
              variant="light"
            >
              {t('live.page.sendGift')}
            </Button>
          ) : (
            <Anchor component={Link} to={loginPath(`/live/${encodeURIComponent(alias)}`)} size="sm">
              {t('live.page.signInForGifts')}
            </Anchor>
          )}
        </Group>
        {access.kind === 'granted' ? (
          <AudienceChat alias={alias} state={chat.state} send={chat.send} />
        ) : null}
      </Stack>
      <PasscodeModal
        opened={access.kind === 'passcode'}
        title={t('live.page.passcodeTitle')}
        label={t('live.page.passcode')}
        submitLabel={t('live.page.passcodeWatch')}
        cancelLabel={t('live.page.passcodeCancel')}
        error={access.kind === 'passcode' ? access.error : null}
        busy={access.kind === 'passcode' && access.busy}
        inputProps={page.form.getInputProps('passcode')}
        onCancel={page.cancelPasscode}
        onSubmit={page.submitPasscode}
      />
    </Container>
  );
}
