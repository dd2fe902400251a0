import type { AccountDto } from '@podium/protocol';

const PHONE = /^\+?[0-9]{6,15}$/;

/** Whether a login identifier is a phone number (same shape the server accepts). */
export function isPhoneNumber(identifier: string): boolean {
  return PHONE.test(identifier.trim());
}

/**
 * Whether the code to confirm is the one sent by SMS: the account has no email but a phone
 * number, or (without an account) the identifier is a phone number.
 */
export function verifiesByPhone(
  account: Pick<AccountDto, 'email' | 'phone_number'> | null | undefined,
  identifier: string,
): boolean {
  if (account) return !account.email && Boolean(account.phone_number);
  return isPhoneNumber(identifier);
}

/** Drops empty optional strings so the server sees them as absent. */
export function optionalText(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}
