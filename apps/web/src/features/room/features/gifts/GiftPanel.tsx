import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Group,
  Image,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { GiftView } from '@podium/protocol';
import { useLanguage, useTranslation } from '../../../../shared/i18n/index.ts';
import { translateApiError } from '../../../../shared/i18n/translateError.ts';
import { useSessionStore } from '../../../../shared/session/store.ts';
import { selfOf } from '../../state/roomState.ts';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { fetchBalances, walletKeys } from '../../../wallet/api.ts';
import { formatAmount } from '../../../wallet/format.ts';
import { fetchCatalogue, giftKeys, giveInRoom, newIdempotencyKey } from '../../../gifts/api.ts';
import { TransferOutcome, useTransfer } from '../../../gifts/transfer.tsx';
import { giftsOf } from './giftEvents.ts';
import { attemptFor, newGifts, giftRecipients, type GiftAttempt } from './giving.ts';

/**
 * Giving a gift in the call: choose who receives it among the signed-in people here, then a
 * gift from the catalogue; the price comes from the giver's wallet. Guests and people who are
 * not signed in see why they cannot give instead.
 *
 * `roomId` is the live room's id from the socket's auth answer (what POST /api/gifts/give
 * names as `room`); null when the server did not say, and giving is then impossible.
 */
export function GiftPanel({ roomId }: { roomId: string | null }) {
  const { t } = useTranslation();
  const signedIn = useSessionStore((s) => s.signedIn);
  const guest = useRoomState((s) => selfOf(s.room)?.guest ?? true);

  return (
    <Stack gap="sm" w={340} maw="90vw">
      <Title order={2} size="h5">
        {t('gifts.room.title')}
      </Title>
      {!signedIn || guest ? (
        <Text size="sm">{t('gifts.room.guestHint')}</Text>
      ) : roomId === null ? (
        <Text size="sm">{t('gifts.room.noRoom')}</Text>
      ) : (
        <GiveForm roomId={roomId} />
      )}
    </Stack>
  );
}

function GiveForm({ roomId }: { roomId: string }) {
  const { t, i18n } = useTranslation();
  const [lang] = useLanguage();
  const queryClient = useQueryClient();
  const participants = useRoomState((s) => s.room.participants);
  const order = useRoomState((s) => s.room.order);
  const selfId = useRoomState((s) => s.room.selfId);
  const recipients = useMemo(
    () => giftRecipients({ participants, order, selfId }),
    [participants, order, selfId],
  );
  const catalogue = useQuery({ queryKey: giftKeys.catalogue, queryFn: fetchCatalogue });
  // Asked again each time the panel opens: the balance may have changed since (a top-up).
  const balances = useQuery({
    queryKey: walletKeys.balances,
    queryFn: fetchBalances,
    refetchOnMount: 'always',
  });
  const store = useRoom().store;
  // A gift to this person adds to their balance: show the new one while the panel is open.
  useEffect(
    () =>
      store.subscribe((state, prev) => {
        const self = state.room.selfId;
        if (newGifts(giftsOf(prev), giftsOf(state)).some((g) => g.to === self)) {
          void queryClient.invalidateQueries({ queryKey: walletKeys.balances });
        }
      }),
    [store, queryClient],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const [last, setLast] = useState<GiftAttempt | null>(null);
  const [sent, setSent] = useState(false);
  const give = useTransfer(
    (attempt: GiftAttempt) =>
      giveInRoom({
        room: roomId,
        to: attempt.to,
        gift_id: attempt.giftId,
        idempotency_key: attempt.key,
      }),
    () => {
      setLast(null);
      setSent(true);
    },
  );

  // The choice stays valid only while that person is still here.
  const receiver = recipients.find((p) => p.id === chosen)?.id ?? recipients[0]?.id ?? null;
  // A wallet that never held coins has no coin row: its balance is 0, and it is shown.
  const coin = balances.data
    ? (balances.data.find((b) => b.unit === 'coin')?.value ?? 0)
    : undefined;

  const choose = (gift: GiftView) => {
    if (!receiver) return;
    const attempt = attemptFor(
      last,
      give.isError,
      { to: receiver, giftId: gift.id },
      newIdempotencyKey,
    );
    setLast(attempt);
    setSent(false);
    give.mutate(attempt);
  };

  return (
    <Stack gap="sm">
      {coin !== undefined ? (
        <Text size="sm" c="dimmed">
          {t('gifts.balance', { value: formatAmount(coin, lang) })}
        </Text>
      ) : null}
      {recipients.length === 0 ? (
        <Text size="sm">{t('gifts.room.nobody')}</Text>
      ) : (
        <NativeSelect
          label={t('gifts.room.receiver')}
          data={recipients.map((p) => ({ value: p.id, label: p.name }))}
          value={receiver ?? ''}
          onChange={(e) => {
            setChosen(e.currentTarget.value);
            setSent(false);
          }}
        />
      )}
      {catalogue.error ? (
        <Alert color="red" role="alert" title={t('gifts.loadFailed')}>
          {translateApiError(catalogue.error, i18n)}
        </Alert>
      ) : null}
      <TransferOutcome done={sent ? t('gifts.room.given') : null} error={give.error} py={6} />
      <SimpleGrid cols={2} spacing="xs">
        {catalogue.data?.gifts.map((gift) => (
          <Button
            key={gift.id}
            variant="default"
            h="auto"
            py={6}
            disabled={!receiver || give.isPending}
            loading={give.isPending && last?.giftId === gift.id}
            onClick={() => choose(gift)}
            aria-label={t('gifts.room.give', { name: gift.names[lang], price: gift.price })}
          >
            <Group gap={6} wrap="nowrap">
              <Image src={gift.image} alt="" w={28} h={28} />
              <Stack gap={0} align="flex-start">
                <Text size="sm" fw={600}>
                  {gift.names[lang]}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('gifts.price', { price: gift.price })}
                </Text>
              </Stack>
            </Group>
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
