import type { ParticipantView } from '@podium/protocol';

/**
 * The participants export (spec §6 "export chat and participants"), built in the browser from
 * the roster the host sees. RFC 4180 quoting, CRLF lines, and a byte-order mark so spreadsheet
 * programs read Vietnamese names as UTF-8.
 */
export interface CsvLabels {
  headers: {
    name: string;
    role: string;
    guest: string;
    status: string;
    microphone: string;
    camera: string;
    hand: string;
  };
  role: (role: ParticipantView['role']) => string;
  yes: string;
  no: string;
  status: (state: ParticipantView['state']) => string;
  /** Time a hand went up, formatted for the viewer. */
  time: (epochMs: number) => string;
}

/**
 * SECURITY: a cell starting with = + - @ (or a tab/CR) is a formula to a spreadsheet; a
 * participant could name themselves `=HYPERLINK(...)`. Such cells get a leading apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function participantsCsv(
  participants: readonly ParticipantView[],
  labels: CsvLabels,
): string {
  const h = labels.headers;
  const rows = [[h.name, h.role, h.guest, h.status, h.microphone, h.camera, h.hand]];
  for (const p of participants) {
    rows.push([
      p.name,
      labels.role(p.role),
      p.guest ? labels.yes : labels.no,
      labels.status(p.state),
      p.audio ? labels.yes : labels.no,
      p.video ? labels.yes : labels.no,
      p.hand_raised_at === null ? '' : labels.time(p.hand_raised_at),
    ]);
  }
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A file name from the event title: letters, digits and dashes only. */
export function exportFileName(title: string, suffix: string, extension: string): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'podium';
  return `${base}-${suffix}.${extension}`;
}
