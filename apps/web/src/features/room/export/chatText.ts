import type { ChatMessageView } from '@podium/protocol';

/** The chat export as plain text: one message per block, in the viewer's language and zone. */
export interface ChatTextLabels {
  title: string;
  everyone: string;
  /** "to {{name}}" for private messages. */
  privateTo: (name: string) => string;
  file: (name: string, size: string) => string;
  time: (epochMs: number) => string;
  nameOf: (participantId: string) => string;
  size: (bytes: number) => string;
}

export function chatText(messages: readonly ChatMessageView[], labels: ChatTextLabels): string {
  const lines = [labels.title, ''];
  for (const m of messages) {
    const to = m.to === 'everyone' ? labels.everyone : labels.privateTo(labels.nameOf(m.to));
    lines.push(`[${labels.time(m.at)}] ${m.from_name} → ${to}`);
    // Each line of a message is indented so a message cannot fake the next header.
    if (m.text) lines.push(...m.text.split(/\r?\n/).map((l) => `  ${l}`));
    if (m.file) lines.push(`  ${labels.file(m.file.name, labels.size(m.file.size))}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** 1.2 MB / 340 KB / 12 B. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
