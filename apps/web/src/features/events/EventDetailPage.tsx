import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconBrandGoogle,
  IconCalendarPlus,
  IconCheck,
  IconCopy,
  IconEdit,
  IconMail,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { modals } from '@mantine/modals';
import { Link, useParams } from 'react-router';
import type { AliasDto } from '@podium/protocol';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { PageLoader } from '../../shared/ui/PageLoader.tsx';
import { EventNotFound } from './EventPages.tsx';
import { formatEventRange, isExpired } from './format.ts';
import { QrCodeCard } from './QrCodeCard.tsx';
import { useEvent } from './useEvent.ts';
import { useEventDetail } from './useEventDetail.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** A link that opens a third-party site in a new tab, saying so to screen readers. */
function ExternalButton({ href, label, icon }: { href: string; label: string; icon: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant="default"
      leftSection={icon}
      aria-label={`${label} ${t('events.detail.opensInNewTab')}`}
    >
      {label}
    </Button>
  );
}

function EventDetail({ event }: { event: AliasDto }) {
  const { t } = useTranslation();
  const [lang] = useLanguage();
  const detail = useEventDetail(event);
  const [now] = useState(Date.now);
  const expired = isExpired(event, now);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('events.detail.deleteTitle'),
      children: <Text size="sm">{t('events.detail.deleteText', { title: event.title })}</Text>,
      labels: { confirm: t('events.detail.deleteConfirm'), cancel: t('shell.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: detail.remove,
    });

  const passcodeText = event.passcode
    ? event.require_passcode
      ? event.passcode
      : t('events.detail.passcodeNotRequired', { passcode: event.passcode })
    : t('events.detail.noPasscode');

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1}>{event.title}</Title>
          <Badge variant="light">{t(`events.modes.${event.mode}`)}</Badge>
        </Group>
        <Text c="dimmed">{formatEventRange(event.start_time, event.end_time, lang)}</Text>
      </Stack>
      {expired ? (
        <Alert color="gray" role="status">
          {t('events.detail.expired')}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button
          component={Link}
          to={`/j/${encodeURIComponent(event.name)}`}
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          disabled={expired}
        >
          {t('events.detail.start')}
        </Button>
        <Button
          component={Link}
          to={`/app/conferences/${event.id}/edit`}
          variant="default"
          leftSection={<IconEdit size={16} aria-hidden />}
        >
          {t('events.detail.edit')}
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={confirmDelete}
          loading={detail.removing}
        >
          {t('events.detail.delete')}
        </Button>
      </Group>
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Text size="sm">
            <Text span fw={600}>
              {t('events.detail.passcode')}:
            </Text>{' '}
            {passcodeText}
          </Text>
          {event.description ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              <Text span fw={600}>
                {t('events.detail.description')}:
              </Text>{' '}
              {event.description}
            </Text>
          ) : null}
          {event.speakers.length ? (
            <Text size="sm">
              <Text span fw={600}>
                {t('events.detail.speakers')}:
              </Text>{' '}
              {event.speakers.map((s) => `${s.name} <${s.email}>`).join(', ')}
            </Text>
          ) : null}
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('events.detail.share')}>
          <TextInput label={t('events.detail.inviteLink')} value={event.invite_link} readOnly />
          <Group>
            <Button
              onClick={() => void detail.copyInvite()}
              color={detail.copied ? 'teal' : undefined}
              leftSection={
                detail.copied ? (
                  <IconCheck size={16} aria-hidden />
                ) : (
                  <IconCopy size={16} aria-hidden />
                )
              }
            >
              {detail.copied ? t('events.detail.copied') : t('events.detail.copyInvite')}
            </Button>
          </Group>
          <TextInput label={t('events.detail.speakerLink')} value={event.speaker_link} readOnly />
          <Title order={3} size="h5" mt="xs">
            {t('events.detail.email')}
          </Title>
          <Group gap="xs">
            <Button
              component="a"
              href={detail.links.mailto}
              variant="default"
              leftSection={<IconMail size={16} aria-hidden />}
            >
              {t('events.detail.defaultMail')}
            </Button>
            <ExternalButton
              href={detail.links.gmail}
              label={t('events.detail.gmail')}
              icon={<IconBrandGoogle size={16} aria-hidden />}
            />
            <ExternalButton
              href={detail.links.outlookMail}
              label={t('events.detail.outlookMail')}
              icon={<IconMail size={16} aria-hidden />}
            />
          </Group>
          <Title order={3} size="h5" mt="xs">
            {t('events.detail.calendar')}
          </Title>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
              onClick={detail.downloadIcs}
              loading={detail.downloadingIcs}
            >
              {t('events.detail.downloadIcs')}
            </Button>
            <ExternalButton
              href={detail.links.googleCalendar}
              label={t('events.detail.googleCalendar')}
              icon={<IconBrandGoogle size={16} aria-hidden />}
            />
            <ExternalButton
              href={detail.links.outlookCalendar}
              label={t('events.detail.outlookCalendar')}
              icon={<IconCalendarPlus size={16} aria-hidden />}
            />
          </Group>
        </Section>
        <Section title={t('events.detail.qrCode')}>
          <QrCodeCard
            link={event.invite_link}
            alias={event.name}
            alt={t('events.detail.qrAlt', { title: event.title })}
            downloadLabel={t('events.detail.downloadQr')}
          />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

/** /app/conferences/:id */
export function EventDetailPage() {
  const { id } = useParams();
  const { data: event, isPending, isError } = useEvent(id);
  if (isError) return <EventNotFound />;
  if (isPending || !event) return <PageLoader />;
  return <EventDetail event={event} />;
}
