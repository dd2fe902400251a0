import { useState } from 'react';
import {
  Anchor,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { ALIAS_LIST_MAX_LIMIT } from '@podium/protocol';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { NAMED_PATHS } from '../../shared/routing/paths.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { eventsApi } from '../events/api.ts';
import { formatEventRange } from '../events/format.ts';
import { isEndReason, joinPath, type EndReason } from '../room/paths.ts';
import { upcomingEvents } from './upcoming.ts';
import { canRejoin } from './rejoin.ts';

function UpcomingEvents({ exclude }: { exclude: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const list = useQuery({
    queryKey: ['events', 'upcoming'],
    queryFn: ({ signal }) => eventsApi.list({ limit: ALIAS_LIST_MAX_LIMIT }, signal),
    staleTime: 0,
  });
  // The moment the page opened: the list need not shift while it is read.
  const [now] = useState(() => Date.now());
  const events = list.data ? upcomingEvents(list.data.entries, now, exclude) : [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="endcall-upcoming">
      <Title order={2} size="h4" id="endcall-upcoming">
        {t('endcall.upcoming.title')}
      </Title>
      {list.isPending ? (
        <Loader size="sm" aria-hidden />
      ) : list.isError ? (
        <Text size="sm" c="dimmed">
          {t('endcall.upcoming.failed')}
        </Text>
      ) : events.length ? (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {events.map((e) => (
            <Group key={e.id} component="li" justify="space-between" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Text fw={600} truncate>
                  {e.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatEventRange(e.start_time, e.end_time, language)}
                </Text>
              </Stack>
              <Button
                component={Link}
                to={joinPath(e.name)}
                size="xs"
                variant="light"
                aria-label={t('endcall.upcoming.join', { title: e.title })}
              >
                {t('endcall.upcoming.open')}
              </Button>
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('endcall.upcoming.none')}
        </Text>
      )}
    </Stack>
  );
}

/** /ended/:alias?reason=…: after leaving, being removed, or the event ending (spec §2). */
export function EndCallPage() {
  const { t } = useTranslation();
  const { alias = '' } = useParams();
  const [search] = useSearchParams();
  const raw = search.get('reason');
  const reason: EndReason = isEndReason(raw) ? raw : 'left';
  const signedIn = useSessionStore((s) => s.signedIn);

  return (
    <Center mih="80vh">
      <Paper withBorder p="xl" radius="lg" w="100%" maw={520}>
        <Stack gap="md">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray">
              <IconDoorExit aria-hidden />
            </ThemeIcon>
            <Title order={1} size="h2">
              {t(`endcall.heading.${reason}`)}
            </Title>
            <Group justify="center">
              {canRejoin(reason) && alias ? (
                <Button component={Link} to={joinPath(alias)}>
                  {t('endcall.rejoin')}
                </Button>
              ) : null}
              <Anchor component={Link} to={NAMED_PATHS.main}>
                {t('endcall.home')}
              </Anchor>
            </Group>
          </Stack>
          {signedIn ? (
            <>
              <Divider />
              <UpcomingEvents exclude={alias} />
            </>
          ) : null}
          <Divider />
          <Stack gap={6} component="section" aria-labelledby="endcall-apps">
            <Title order={2} size="h4" id="endcall-apps">
              {t('endcall.apps.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('endcall.apps.text')}
            </Text>
            {/* No store links until the apps exist: labelled, and not pretending to be links. */}
            <Group gap="xs">
              <Button variant="default" size="xs" disabled>
                {t('endcall.apps.ios')}
              </Button>
              <Button variant="default" size="xs" disabled>
                {t('endcall.apps.android')}
              </Button>
              <Button variant="default" size="xs" disabled>
                {t('endcall.apps.desktop')}
              </Button>
            </Group>
          </Stack>
        </Stack>
      </Paper>
    </Center>
  );
}
