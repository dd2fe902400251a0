import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, type AlertProps } from '@mantine/core';
import type { GiftTransferResponse } from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { walletKeys } from '../wallet/api.ts';

/**
 * A transfer out of the sender's wallet (gift, donation, gift in a room). The answer carries the
 * new balances, so they are shown at once; the history gains a row, so it is fetched again.
 */
export function useTransfer<A>(
  request: (attempt: A) => Promise<GiftTransferResponse>,
  onDone: (answer: GiftTransferResponse, attempt: A) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer, attempt) => {
      queryClient.setQueryData(walletKeys.balances, answer.balances);
      void queryClient.invalidateQueries({ queryKey: walletKeys.history });
      onDone(answer, attempt);
    },
  });
}

/** What became of the last transfer: a confirmation, or the server's refusal in the reader's language. */
export function TransferOutcome({
  done,
  error,
  py,
}: {
  done: string | null;
  error: Error | null;
  py?: AlertProps['py'];
}) {
  const { i18n } = useTranslation();
  return (
    <>
      {done ? (
        <Alert color="teal" role="status" py={py}>
          {done}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert" py={py}>
          {translateApiError(error, i18n)}
        </Alert>
      ) : null}
    </>
  );
}
