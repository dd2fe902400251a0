import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AliasDto } from '@podium/protocol';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { translateEventError } from './errors.ts';
import { formatEventRange, isExpired } from './format.ts';
import { groupEvents } from './grouping.ts';
import { useEventsList } from './useEventsList.ts';

function EventRow({ event, now }: { event: AliasDto; now: number }) {
  const { t } = useTranslation();
  const [lang] = useLanguage();
  const expired = isExpired(event, now);
  return (
    <Card withBorder padding="md" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Anchor component={Link} to={`/app/conferences/${event.id}`} fw={600}>
            {event.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            {formatEventRange(event.start_time, event.end_time, lang)}
          </Text>
          <Text size="xs" c="dimmed">
            /j/{event.name}
          </Text>
        </Stack>
        <Group gap={6}>
          <Badge variant="light">{t(`events.modes.${event.mode}`)}</Badge>
          {event.require_passcode ? (
            <Badge variant="outline" color="gray">
              {t('events.list.passcode')}
            </Badge>
          ) : null}
          {expired ? <Badge color="gray">{t('events.list.expired')}</Badge> : null}
        </Group>
      </Group>
    </Card>
  );
}

/** /app/conferences: my events (now, today, upcoming, past) with search and "Load more" paging. */
export function EventsListPage() {
  const { t, i18n } = useTranslation();
  const { search, setSearch, state, loadMore, retry } = useEventsList();
  const loading = state.status === 'loading';
  // One clock reading per visit: whether an event has expired need not tick while reading.
  const [now] = useState(Date.now);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('events.list.heading')}</Title>
        <Button component={Link} to="/app/conferences/add" leftSection={<IconPlus aria-hidden />}>
          {t('events.list.create')}
        </Button>
      </Group>
      <TextInput
        type="search"
        label={t('events.list.search')}
        placeholder={t('events.list.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      <div aria-live="polite" aria-busy={loading || state.status === 'loadingMore'}>
        {loading ? (
          <Group justify="center" p="lg">
            <Loader aria-label={t('shell.loading')} />
          </Group>
        ) : state.entries.length === 0 && state.status === 'ready' ? (
          <Text c="dimmed">
            {state.query
              ? t('events.list.noMatch', { query: state.query })
              : t('events.list.empty')}
          </Text>
        ) : state.total !== null ? (
          <Text size="sm" c="dimmed">
            {t('events.list.count', { shown: state.entries.length, total: state.total })}
          </Text>
        ) : null}
      </div>
      {groupEvents(state.entries, now).map(({ group, events }) => (
        <Stack component="section" gap="xs" key={group} aria-labelledby={`events-${group}`}>
          <Title order={2} size="h4" id={`events-${group}`}>
            {t(`events.list.groups.${group}`)}
          </Title>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {events.map((event) => (
              <EventRow key={event.id} event={event} now={now} />
            ))}
          </Stack>
        </Stack>
      ))}
      {state.status === 'error' ? (
        <Alert color="red" role="alert" title={t('events.list.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{translateEventError(state.error, i18n)}</Text>
            <Button variant="light" size="xs" onClick={retry}>
              {t('events.list.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {!state.done && !loading && state.status !== 'error' ? (
        <Group justify="center">
          <Button variant="default" onClick={loadMore} loading={state.status === 'loadingMore'}>
            {t('events.list.loadMore')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
