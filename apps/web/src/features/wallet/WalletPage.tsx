import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { WalletHistoryEntry } from '@podium/protocol';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { fetchBalances, fetchHistory, walletKeys } from './api.ts';
import { formatAmount, formatSigned } from './format.ts';

function TransferRow({ entry }: { entry: WalletHistoryEntry }) {
  const { t } = useTranslation();
  const [lang] = useLanguage();
  const who = entry.counterparty
    ? t(entry.amount < 0 ? 'wallet.to' : 'wallet.from', {
        name: entry.counterparty.name || t('wallet.someone'),
      })
    : t('wallet.operator');
  const when = new Intl.DateTimeFormat(lang === 'vi' ? 'vi-VN' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(entry.created_at));
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Badge variant="light">{t(`wallet.kinds.${entry.kind}`)}</Badge>
            <Text size="sm">{who}</Text>
          </Group>
          <Text size="xs" c="dimmed">
            <time dateTime={entry.created_at}>{when}</time>
          </Text>
        </Stack>
        <Text fw={600} c={entry.amount < 0 ? 'red' : 'teal'}>
          {formatSigned(entry.amount, lang)} {t(`wallet.units.${entry.unit}`)}
        </Text>
      </Group>
    </Card>
  );
}

/** /app/wallet: balances per unit and the transfers, newest first, a page at a time. */
export function WalletPage() {
  const { t, i18n } = useTranslation();
  const [lang] = useLanguage();
  const balances = useQuery({ queryKey: walletKeys.balances, queryFn: fetchBalances });
  const history = useInfiniteQuery({
    queryKey: walletKeys.history,
    queryFn: ({ pageParam }) => fetchHistory(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
  const entries = history.data?.pages.flatMap((p) => p.transfers) ?? [];
  const error = balances.error ?? history.error;

  return (
    <Stack gap="md">
      <Title order={1}>{t('wallet.heading')}</Title>
      {error ? (
        <Alert color="red" role="alert" title={t('wallet.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{translateApiError(error, i18n)}</Text>
            <Button
              variant="light"
              size="xs"
              onClick={() => {
                void balances.refetch();
                void history.refetch();
              }}
            >
              {t('wallet.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      <section aria-labelledby="wallet-balances">
        <Title order={2} size="h3" id="wallet-balances" mb="xs">
          {t('wallet.balances')}
        </Title>
        {balances.isPending ? (
          <Loader aria-label={t('shell.loading')} />
        ) : balances.data ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {balances.data.map((b) => (
              <Card key={b.unit} withBorder padding="md">
                <Text size="sm" c="dimmed" id={`wallet-unit-${b.unit}`}>
                  {t(`wallet.unitName.${b.unit}`)}
                </Text>
                <Text
                  fz={28}
                  fw={700}
                  aria-labelledby={`wallet-unit-${b.unit}`}
                  data-testid={`balance-${b.unit}`}
                >
                  {formatAmount(b.value, lang)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        ) : null}
      </section>

      <section aria-labelledby="wallet-history" aria-busy={history.isFetching}>
        <Title order={2} size="h3" id="wallet-history" mb="xs">
          {t('wallet.history')}
        </Title>
        {history.isPending ? (
          <Loader aria-label={t('shell.loading')} />
        ) : entries.length === 0 && !history.isError ? (
          <Text c="dimmed">{t('wallet.empty')}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {entries.map((entry) => (
              <TransferRow key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
        {history.hasNextPage ? (
          <Group justify="center" mt="sm">
            <Button
              variant="default"
              onClick={() => void history.fetchNextPage()}
              loading={history.isFetchingNextPage}
            >
              {t('wallet.loadMore')}
            </Button>
          </Group>
        ) : null}
      </section>
    </Stack>
  );
}
