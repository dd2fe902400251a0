import fs from 'node:fs';
import path from 'node:path';
import { e2eEnv } from './env.ts';
import { parseMail } from './mime.ts';
import type { CapturedMail } from './smtp-capture.ts';

export type { CapturedMail } from './smtp-capture.ts';

/** Every message the SMTP capture received so far, oldest first. */
export function listMail(): CapturedMail[] {
  const dir = e2eEnv('mailDir');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as CapturedMail);
}

export interface WaitForMailOptions {
  /** Only messages whose subject contains this string or matches this pattern. */
  subjectMatch?: string | RegExp;
  /** Only messages received at or after this time (ms since epoch), e.g. before clicking "resend". */
  since?: number;
  timeoutMs?: number;
}

/**
 * Waits for the newest message to `to` (case-insensitive) matching the options, as delivered
 * over SMTP to the capture. Give each test its own address (see `uniqueEmail`) so tests running
 * in parallel never read each other's mail.
 */
export async function waitForMail(
  to: string,
  { subjectMatch, since, timeoutMs = 15_000 }: WaitForMailOptions = {},
): Promise<CapturedMail> {
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = listMail()
      .filter((m) => m.to.includes(address))
      .filter((m) => since === undefined || Date.parse(m.receivedAt) >= since)
      .filter((m) =>
        subjectMatch === undefined
          ? true
          : typeof subjectMatch === 'string'
            ? m.subject.includes(subjectMatch)
            : subjectMatch.test(m.subject),
      )
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = listMail().map((m) => `${m.to.join(',')}: ${m.subject}`);
      throw new Error(
        `no mail to ${to}${subjectMatch ? ` matching ${String(subjectMatch)}` : ''} within ${timeoutMs} ms; received: ${seen.length ? seen.join(' | ') : 'nothing'}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stripTags = (html: string) => html.replace(/<[^>]*>/g, ' ');

/**
 * The 6-digit code in a message: searched in its decoded text, then its HTML. Takes a captured
 * message or its raw MIME source (headers are never searched: ids and dates hold digits too).
 */
export function extractCode(mail: CapturedMail | string): string {
  let sources: string[];
  if (typeof mail === 'string') {
    const parsed = parseMail(mail);
    sources = parsed.text || parsed.html ? [parsed.text, stripTags(parsed.html)] : [mail];
  } else {
    sources = [mail.text, stripTags(mail.html)];
  }
  for (const source of sources) {
    const match = /(?<![\d])(\d{6})(?![\d])/.exec(source);
    if (match?.[1]) return match[1];
  }
  throw new Error(
    `no 6-digit code in the message${typeof mail === 'string' ? '' : ` "${mail.subject}" to ${mail.to.join(',')}`}`,
  );
}
