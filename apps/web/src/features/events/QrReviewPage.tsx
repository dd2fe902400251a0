import { Alert, Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { PageLoader } from '../../shared/ui/PageLoader.tsx';
import { eventsApi } from './api.ts';
import { QrCodeCard } from './QrCodeCard.tsx';

/** The invite link of `alias` on this site. */
export function inviteLinkFor(alias: string, origin: string = window.location.origin): string {
  return `${origin}/j/${encodeURIComponent(alias)}`;
}

/** /review/qr-code?alias=<name>: the QR code of an event's invite link, for anyone. */
export function QrReviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const alias = params.get('alias')?.trim() ?? '';
  const detail = useQuery({
    queryKey: ['events', 'short-detail', alias],
    queryFn: ({ signal }) => eventsApi.shortDetail(alias, signal),
    enabled: alias.length > 0,
    retry: false,
  });

  let body;
  if (!alias) body = <Alert color="gray">{t('events.qrReview.missing')}</Alert>;
  else if (detail.isError) {
    body = (
      <Alert role="alert" color="red">
        {t('events.qrReview.invalid')}
      </Alert>
    );
  } else if (detail.isPending) body = <PageLoader />;
  else {
    const link = inviteLinkFor(detail.data.name);
    body = (
      <Stack align="center" gap="sm">
        <Text fw={600}>{t('events.qrReview.scan', { title: detail.data.title })}</Text>
        <QrCodeCard
          link={link}
          alias={detail.data.name}
          alt={t('events.detail.qrAlt', { title: detail.data.title })}
          downloadLabel={t('events.qrReview.download')}
        />
        <Anchor component={Link} to={`/j/${encodeURIComponent(detail.data.name)}`}>
          {t('events.qrReview.join')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Center mih="80vh">
      <Paper withBorder p="xl" radius="lg" w="100%" maw={446}>
        <Stack gap="md">
          <Title order={1} size="h2" ta="center">
            {t('events.qrReview.heading')}
          </Title>
          {body}
        </Stack>
      </Paper>
    </Center>
  );
}
