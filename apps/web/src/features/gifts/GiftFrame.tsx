import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { fetchBalances, walletKeys } from '../wallet/api.ts';
import { formatAmount } from '../wallet/format.ts';
import { fetchRecipient, giftKeys } from './api.ts';

export interface GiftLink {
  /** The `to` of the link: a username or an event alias. */
  to: string;
  recipientName: string;
}

/**
 * The frame of /gift and /gift/donation: who the link names, a sign-in hint for visitors, the
 * sender's balance; the page's form appears only once all of that is known.
 */
export function GiftFrame({
  heading,
  other,
  children,
}: {
  heading: string;
  other: { to: string; label: string };
  children: (link: GiftLink) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [lang] = useLanguage();
  const [params] = useSearchParams();
  const location = useLocation();
  const signedIn = useSessionStore((s) => s.signedIn);
  const to = (params.get('to') ?? '').trim();
  const recipient = useQuery({
    queryKey: giftKeys.recipient(to),
    queryFn: () => fetchRecipient(to),
    enabled: to !== '',
  });
  const balances = useQuery({
    queryKey: walletKeys.balances,
    queryFn: fetchBalances,
    enabled: signedIn,
  });
  const coin = balances.data?.find((b) => b.unit === 'coin')?.value;
  const redirect = encodeURIComponent(location.pathname + location.search);

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{heading}</Title>
        {!to ? (
          <Alert color="yellow" role="alert">
            {t('gifts.noRecipient')}
          </Alert>
        ) : recipient.error ? (
          <Alert color="red" role="alert">
            {translateApiError(recipient.error, i18n)}
          </Alert>
        ) : recipient.data ? (
          <Text size="lg">{t('gifts.to', { name: recipient.data.name || to })}</Text>
        ) : null}
        {!signedIn ? (
          <Alert color="blue" title={t('gifts.signIn')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('gifts.signInHint')}</Text>
              <Button component={Link} to={`/login?redirect=${redirect}`}>
                {t('gifts.signIn')}
              </Button>
            </Stack>
          </Alert>
        ) : coin !== undefined ? (
          <Text c="dimmed" data-testid="gift-balance">
            {t('gifts.balance', { value: formatAmount(coin, lang) })}
          </Text>
        ) : null}
        {signedIn && to && recipient.data
          ? children({ to, recipientName: recipient.data.name || to })
          : null}
        <Anchor component={Link} to={`${other.to}?to=${encodeURIComponent(to)}`} size="sm">
          {other.label}
        </Anchor>
      </Stack>
    </Container>
  );
}
