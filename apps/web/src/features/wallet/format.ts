import type { Language, WalletUnit } from '@podium/protocol';

/** Minor units of every unit so far are whole (a coin has no fractions). */
export function formatAmount(value: number, lang: Language): string {
  return new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-US', {
    maximumFractionDigits: 0,
  }).format(value);
}

/** A signed amount for the history: "+250" or "−30". */
export function formatSigned(value: number, lang: Language): string {
  const abs = formatAmount(Math.abs(value), lang);
  return value < 0 ? `−${abs}` : `+${abs}`;
}

export type { WalletUnit };
