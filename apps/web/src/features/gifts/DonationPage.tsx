import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { WALLET_MAX_AMOUNT, walletAmount } from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';
import { donate, newIdempotencyKey } from './api.ts';
import { GiftFrame, type GiftLink } from './GiftFrame.tsx';
import { TransferOutcome, useTransfer } from './transfer.tsx';

/** The amount field's message, in the reader's language (null when it is fine). */
export function amountProblem(text: string): 'amountInvalid' | 'tooLarge' | null {
  const parsed = walletAmount.safeParse(text);
  if (parsed.success) return null;
  return /^\d+$/.test(text.trim()) && BigInt(text.trim()) > BigInt(WALLET_MAX_AMOUNT)
    ? 'tooLarge'
    : 'amountInvalid';
}

function DonationForm({ link }: { link: GiftLink }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  // One key per amount typed: a retry of the same amount reuses it.
  const [attempt, setAttempt] = useState<{ amount: string; key: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const problem = amountProblem(amount);
  const send = useTransfer(
    (a: { amount: string; key: string }) =>
      donate({ to: link.to, amount: a.amount.trim(), unit: 'coin', idempotency_key: a.key }),
    (_answer, a) => {
      setAttempt(null);
      setDone(a.amount.trim());
      setAmount('');
      setTouched(false);
    },
  );
  const error =
    touched && problem
      ? problem === 'tooLarge'
        ? t('serverErrors.wallet.amount_too_large')
        : t('gifts.amountInvalid')
      : null;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (problem) return;
        const next =
          attempt && attempt.amount === amount ? attempt : { amount, key: newIdempotencyKey() };
        setAttempt(next);
        setDone(null);
        send.mutate(next);
      }}
    >
      <Stack gap="sm">
        <TransferOutcome
          done={done ? t('gifts.donated', { amount: done, to: link.recipientName }) : null}
          error={send.error}
        />
        <TextInput
          label={t('gifts.amount')}
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={error}
          maw={240}
        />
        <Group>
          <Button type="submit" loading={send.isPending}>
            {t('gifts.donate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /gift/donation?to=<username or alias>: a signed-in person donates an amount. */
export function DonationPage() {
  const { t } = useTranslation();
  return (
    <GiftFrame
      heading={t('gifts.donationHeading')}
      other={{ to: '/gift', label: t('gifts.toGifts') }}
    >
      {(link) => <DonationForm link={link} />}
    </GiftFrame>
  );
}
