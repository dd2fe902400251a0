import crypto from 'node:crypto';
import { z } from 'zod';
import { idempotencyKey, walletAmount, walletUnit } from '@podium/protocol';
import { AppError } from '../../shared/errors.ts';
import type { WalletService } from './service.ts';

export const WALLET_CLI_USAGE =
  'npm run podium -- wallet credit <email|account-id> <amount> <unit> [--key <idempotency-key>]';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const creditArgs = z.object({
  account: z.string().trim().min(1, 'the account (email or id) is missing'),
  amount: walletAmount,
  unit: walletUnit,
  key: idempotencyKey,
});

/**
 * `wallet credit …`: the operator credits an account through the same ledger as everything else.
 * Without --key a fresh key is made and printed, so a retry after an unclear failure can reuse
 * it and be applied at most once. Returns the process exit code.
 */
export async function walletCommand(
  args: string[],
  wallet: WalletService,
  io: CliIo,
): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'credit') {
    io.err(`usage: ${WALLET_CLI_USAGE}`);
    return 2;
  }
  const positional: string[] = [];
  let key: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--key') {
      key = rest[++i];
      if (key === undefined) {
        io.err('--key needs a value');
        return 2;
      }
    } else if (arg.startsWith('--key=')) {
      key = arg.slice('--key='.length);
    } else {
      positional.push(arg);
    }
  }
  if (positional.length !== 3) {
    io.err(`usage: ${WALLET_CLI_USAGE}`);
    return 2;
  }
  const parsed = creditArgs.safeParse({
    account: positional[0],
    amount: positional[1],
    unit: positional[2],
    key: key ?? `cli-${crypto.randomUUID()}`,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) io.err(`${issue.path.join('.')}: ${issue.message}`);
    return 2;
  }
  const input = parsed.data;
  try {
    const result = await wallet.creditByOperator({
      account: input.account,
      amount: input.amount,
      unit: input.unit,
      idempotencyKey: input.key,
    });
    const t = result.transfer;
    const balance = (await wallet.balances(t.toAccount)).find((b) => b.unit === t.unit)?.value;
    io.out(
      result.replayed
        ? `already applied: transfer ${t.id} credited ${t.amount} ${t.unit} to account ${t.toAccount} (key ${input.key}); nothing moved now`
        : `credited ${t.amount} ${t.unit} to account ${t.toAccount}: transfer ${t.id} (key ${input.key})`,
    );
    io.out(`balance: ${balance ?? 0} ${t.unit}`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
