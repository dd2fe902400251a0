import { invitationTemplate, type InvitationValues, type Language } from '@podium/protocol';

/**
 * Sharing by email (spec §3 invitation template): the default mail client through mailto:, or
 * Gmail and Outlook compose windows, all filled with the same subject and body.
 */
export interface Invitation {
  subject: string;
  body: string;
}

export function invitation(lang: Language, values: InvitationValues): Invitation {
  return invitationTemplate(lang, values);
}

/**
 * mailto: with RFC 6068 percent-encoding. URLSearchParams would write spaces as '+', which mail
 * clients show literally, so each value is encoded with encodeURIComponent.
 */
export function mailtoUrl({ subject, body }: Invitation, to = ''): string {
  const query = `subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(
    body.replace(/\r?\n/g, '\r\n'),
  )}`;
  return `mailto:${encodeURIComponent(to)}?${query}`;
}

export function gmailComposeUrl({ subject, body }: Invitation, to = ''): string {
  const params = new URLSearchParams({ view: 'cm', fs: '1', to, su: subject, body });
  return `https://mail.google.com/mail/?${params.toString()}`;
}

export function outlookComposeUrl({ subject, body }: Invitation, to = ''): string {
  const params = new URLSearchParams({ to, subject, body });
  return `https://outlook.live.com/mail/0/deeplink/compose?${params.toString()}`;
}
