import { useEffect } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Grid,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconClockOff, IconLinkOff } from '@tabler/icons-react';
import type { AliasShortDetail } from '@podium/protocol';
import { Link, Navigate } from 'react-router';
import { cookieTokenStore } from '../../shared/api/index.ts';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { NAMED_PATHS } from '../../shared/routing/paths.ts';
import { fallbackLabel } from '../../shared/media/fallbackLabel.ts';
import { PageLoader } from '../../shared/ui/PageLoader.tsx';
import { translateEventError } from '../events/errors.ts';
import { formatDateTime } from '../events/format.ts';
import { assertNever } from '../../shared/assertNever.ts';
import type { JoinLink } from './joinLink.ts';
import { MediaPreview } from './MediaPreview.tsx';
import { PasscodeModal } from './PasscodeModal.tsx';
import { roomPath } from '../room/paths.ts';
import { loadRoom, loadedRoom, withRoom } from './roomModule.ts';
import type { JoinAdmission } from '../../shared/session/admission.ts';
import { useJoinPage } from './useJoinPage.ts';
import { usePreJoin, useJoining } from './usePreJoin.ts';

function Notice({
  icon,
  title,
  text,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  children?: React.ReactNode;
}) {
  return (
    <Center mih="80vh">
      <Paper withBorder p="xl" radius="lg" w="100%" maw={446}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{text}</Text>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

function HomeLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={NAMED_PATHS.main}>
      {t('join.goHome')}
    </Anchor>
  );
}

function PreJoin({
  detail,
  link,
  onAdmitted,
  onExpired,
}: {
  detail: AliasShortDetail;
  link: JoinLink;
  onAdmitted: (admission: JoinAdmission) => void;
  onExpired: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [lang] = useLanguage();
  const pre = usePreJoin(
    detail,
    link,
    (admission, admitted) => {
      // The room starts now (its socket's credentials came with the admission, or its socket was
      // admitted itself); the page switches to the room once that has something to show
      // (useJoinPage).
      if (!admitted.greeted) {
        withRoom((room) => room.primeRoomSocket(admission.ticket, admitted.socket));
      }
      loadedRoom()?.launchRoom(admission, fallbackLabel(i18n));
      onAdmitted(admission);
    },
    onExpired,
    {
      // The usual way, the room's code being here by then: the room's own socket asks for the
      // admission in its hello, its join right behind (issue 11 item 3).
      admitOnSocket: (link, media) => {
        const room = loadedRoom();
        if (!room) return null;
        const token = cookieTokenStore.read().access;
        return room
          .joinByLink(
            { ...link, ...(token ? { access_token: token } : {}) },
            media,
            fallbackLabel(i18n),
          )
          .then((admission) => ({ ...admission, greeted: true }));
      },
      // The room's session, socket and connection start while verify-call is asked; closed again
      // if it refuses.
      joining: (media) => withRoom((room) => room.startJoining(media, fallbackLabel(i18n))),
      notAdmitted: () => withRoom((room) => room.stopJoining()),
    },
  );
  // The room's code and ICE config load while the person looks at the pre-join page.
  useEffect(() => {
    void loadRoom().then((room) => room.prefetchRoom());
  }, []);
  const { media } = pre;
  const blocked = !media.supported;
  return (
    <Center mih="90vh">
      {/* On a phone the columns stack: the name and Join come first, the preview and device
          pickers below them, so joining needs no scrolling (issue 15). */}
      <Grid w="100%" maw={1100} gap="xl" align="center">
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <MediaPreview media={media} name={pre.name.value} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {t('join.prejoin.heading')}
              </Text>
              <Title order={1} size="h2">
                {detail.title}
              </Title>
              {detail.owner_name ? (
                <Text size="sm">{t('join.prejoin.hostedBy', { name: detail.owner_name })}</Text>
              ) : null}
              <Text size="sm" c="dimmed">
                {t('join.prejoin.startsAt', { time: formatDateTime(detail.start_time, lang) })}
              </Text>
            </Stack>
            {blocked ? (
              <Alert role="alert" color="red" icon={<IconAlertTriangle aria-hidden />}>
                {t('join.prejoin.unsupported')}
              </Alert>
            ) : null}
            {pre.formError && !pre.passcodeOpen ? (
              <Alert role="alert" color="red" variant="light">
                {pre.formError}
              </Alert>
            ) : null}
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                pre.joinInBrowser();
              }}
            >
              <Stack gap="sm">
                <TextInput
                  label={t('join.prejoin.displayName')}
                  autoComplete="name"
                  required={!pre.signedIn}
                  {...pre.name.props}
                />
                <JoinButtons pre={pre} blocked={blocked} />
              </Stack>
            </form>
          </Stack>
        </Grid.Col>
      </Grid>
      <JoinPasscodeModal pre={pre} />
    </Center>
  );
}

type PreJoinState = ReturnType<typeof usePreJoin>;

/** The two join buttons: the only part of the page that renders when a join starts. */
function JoinButtons({ pre, blocked }: { pre: PreJoinState; blocked: boolean }) {
  const { t } = useTranslation();
  const joining = useJoining(pre.busy);
  return (
    <>
      <Button type="submit" size="md" loading={joining} disabled={blocked || joining}>
        {t('join.prejoin.joinInBrowser')}
      </Button>
      <Button variant="subtle" onClick={pre.continueWithout} disabled={blocked || joining}>
        {t('join.prejoin.continueWithout')}
      </Button>
    </>
  );
}

/** Spec §2 'Modals: passcode entry': asked when either join button needs the passcode. */
function JoinPasscodeModal({ pre }: { pre: PreJoinState }) {
  const { t } = useTranslation();
  const joining = useJoining(pre.busy);
  return (
    <PasscodeModal
      opened={pre.passcodeOpen}
      title={t('join.prejoin.passcodeTitle')}
      label={t('join.prejoin.passcode')}
      submitLabel={t('join.prejoin.passcodeJoin')}
      cancelLabel={t('join.prejoin.passcodeCancel')}
      error={pre.formError}
      busy={joining}
      inputProps={pre.passcode.props}
      onCancel={pre.cancelPasscode}
      onSubmit={pre.submitPasscode}
    />
  );
}

/** /j/:alias: the event's join page (spec §2), from link to pre-join to admission. */
export function JoinPage() {
  const { t, i18n } = useTranslation();
  const page = useJoinPage();
  const { view } = page;
  switch (view.kind) {
    case 'loading':
      return <PageLoader />;
    case 'invalid':
      return (
        <Notice
          icon={<IconLinkOff aria-hidden />}
          title={t('join.invalid.title')}
          text={t('join.invalid.text')}
        >
          <HomeLink />
        </Notice>
      );
    case 'expired':
      return (
        <Notice
          icon={<IconClockOff aria-hidden />}
          title={t('join.expired.title')}
          text={
            view.detail
              ? `${view.detail.title} · ${t('join.expired.text')}`
              : t('join.expired.text')
          }
        >
          <HomeLink />
        </Notice>
      );
    case 'error':
      return (
        <Notice
          icon={<IconAlertTriangle aria-hidden />}
          title={t('join.loadFailed')}
          text={translateEventError(view.error, i18n)}
        >
          <Button variant="light" onClick={page.retry}>
            {t('join.retry')}
          </Button>
        </Notice>
      );
    case 'prejoin':
      return (
        <PreJoin
          detail={view.detail}
          link={page.link!}
          onAdmitted={page.admit}
          onExpired={page.markExpired}
        />
      );
    case 'admitted':
      // Hand-off to the live room, which reads the admission kept for this tab.
      return <Navigate to={roomPath(view.admission.alias)} replace />;
    default:
      return assertNever(view, 'join view');
  }
}
