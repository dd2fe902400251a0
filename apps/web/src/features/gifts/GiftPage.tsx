import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import type { GiftView } from '@podium/protocol';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { fetchCatalogue, giftKeys, newIdempotencyKey, sendGift } from './api.ts';
import { GiftFrame, type GiftLink } from './GiftFrame.tsx';
import { TransferOutcome, useTransfer } from './transfer.tsx';

function GiftForm({ link }: { link: GiftLink }) {
  const { t, i18n } = useTranslation();
  const [lang] = useLanguage();
  const catalogue = useQuery({ queryKey: giftKeys.catalogue, queryFn: fetchCatalogue });
  // The key of the gift being sent; a retry of the same gift reuses it.
  const [pending, setPending] = useState<{ giftId: string; key: string } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const send = useTransfer(
    (attempt: { giftId: string; key: string }) =>
      sendGift({ to: link.to, gift_id: attempt.giftId, idempotency_key: attempt.key }),
    (_answer, attempt) => {
      setPending(null);
      const gift = catalogue.data?.gifts.find((g) => g.id === attempt.giftId);
      setSent(gift ? gift.names[lang] : attempt.giftId);
    },
  );

  const choose = (gift: GiftView) => {
    const attempt =
      pending && pending.giftId === gift.id && send.isError
        ? pending
        : { giftId: gift.id, key: newIdempotencyKey() };
    setPending(attempt);
    setSent(null);
    send.mutate(attempt);
  };

  if (catalogue.error) {
    return (
      <Alert color="red" role="alert" title={t('gifts.loadFailed')}>
        {translateApiError(catalogue.error, i18n)}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <TransferOutcome
        done={sent ? t('gifts.sent', { name: sent, to: link.recipientName }) : null}
        error={send.error}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {catalogue.data?.gifts.map((gift) => (
          <Card key={gift.id} withBorder padding="sm">
            <Stack gap={6} align="center">
              <Image src={gift.image} alt="" w={56} h={56} />
              <Text fw={600}>{gift.names[lang]}</Text>
              <Text size="sm" c="dimmed">
                {t('gifts.price', { price: gift.price })}
              </Text>
              <Button
                size="xs"
                onClick={() => choose(gift)}
                loading={send.isPending && pending?.giftId === gift.id}
                disabled={send.isPending}
                aria-label={t('gifts.send', { name: gift.names[lang], price: gift.price })}
              >
                {t('gifts.heading')}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /gift?to=<username or alias>: a signed-in person sends a gift from the catalogue. */
export function GiftPage() {
  const { t } = useTranslation();
  return (
    <GiftFrame
      heading={t('gifts.heading')}
      other={{ to: '/gift/donation', label: t('gifts.toDonation') }}
    >
      {(link) => <GiftForm link={link} />}
    </GiftFrame>
  );
}
