import { invitationTemplate, type Language } from '@podium/protocol';
import type { Logger } from 'pino';
import type { Mailer } from '../mail.ts';

export interface Invitee {
  name: string;
  email: string;
  /** The link this person joins by (speakers get the speaker link). */
  link: string;
}

/**
 * User-written text (event title, sender name) as it goes into an invitation mail, with anything
 * a mail client would turn into a link defanged: `https://x.example/p` → `hxxps[:]//x[.]example/p`,
 * `x.example` → `x[.]example`, `a@x.example` → `a@x[.]example`.
 * SECURITY: Podium's mail must not carry a stranger's clickable link under Podium's name; the only
 * link in an invitation is the server's own join link.
 */
export function mailSafeText(text: string): string {
  return (
    text
      .replace(
        /\b([a-z][a-z0-9+.-]*):\/\//gi,
        (_m, scheme: string) => `${scheme.replace(/t/gi, 'x')}[:]//`,
      )
      // A dot between a name and something that looks like a top-level domain (letters).
      .replace(/([\p{L}\p{N}-])\.(?=\p{L}{2,}\b)/gu, '$1[.]')
      .replace(/\bwww\./gi, 'www[.]')
  );
}

/**
 * Sends invitations in the background: the event is saved whatever the mail relay does, and a
 * slow relay must not hold the request. `drain()` waits for what is in flight (server close).
 */
export class InvitationSender {
  #mailer: Mailer;
  #log: Logger;
  #pending = new Set<Promise<void>>();

  constructor(mailer: Mailer, log: Logger) {
    this.#mailer = mailer;
    this.#log = log;
  }

  send(
    lang: Language,
    sender: string,
    eventName: string,
    invitees: Invitee[],
    context: { aliasId: string },
  ): void {
    for (const invitee of invitees) {
      const { subject, body } = invitationTemplate(lang, {
        senderName: mailSafeText(sender),
        eventName: mailSafeText(eventName),
        eventLink: invitee.link,
      });
      const task = this.#mailer
        .sendEmail({ to: invitee.email, subject, text: body })
        .catch((error: unknown) => {
          this.#log.warn({ err: error, aliasId: context.aliasId }, 'invitation mail failed');
        })
        .finally(() => this.#pending.delete(task));
      this.#pending.add(task);
    }
  }

  async drain(): Promise<void> {
    while (this.#pending.size) await Promise.allSettled([...this.#pending]);
  }
}
