import { describe, expect, it } from 'vitest';
import { gmailComposeUrl, invitation, mailtoUrl, outlookComposeUrl } from './invite.ts';

const values = {
  senderName: 'Hà Host',
  eventName: 'Quarterly review',
  eventLink: 'https://podium.example/j/aB3dE5fG7hJ9',
};

describe('email invitations', () => {
  it('uses the shared template in both languages', () => {
    const en = invitation('en', values);
    expect(en.subject).toBe('Hà Host invited you to "Quarterly review"');
    expect(en.body).toContain(`Join the event: ${values.eventLink}`);
    const vi = invitation('vi', values);
    expect(vi.subject).toBe('Hà Host mời bạn tham gia "Quarterly review"');
    expect(vi.body).toContain(`Tham gia sự kiện: ${values.eventLink}`);
  });

  it('mailto: percent-encodes (no "+" for spaces) and uses CRLF line breaks', () => {
    const mail = invitation('en', values);
    const url = mailtoUrl(mail);
    expect(url.startsWith('mailto:?subject=')).toBe(true);
    expect(url).not.toContain('+');
    const query = new URLSearchParams(url.slice('mailto:?'.length));
    expect(query.get('subject')).toBe(mail.subject);
    expect(query.get('body')).toBe(mail.body.replace(/\n/g, '\r\n'));
  });

  it('Gmail and Outlook compose windows carry subject and body', () => {
    const mail = invitation('vi', values);
    const gmail = new URL(gmailComposeUrl(mail));
    expect(gmail.origin).toBe('https://mail.google.com');
    expect(gmail.searchParams.get('view')).toBe('cm');
    expect(gmail.searchParams.get('su')).toBe(mail.subject);
    expect(gmail.searchParams.get('body')).toBe(mail.body);
    const outlook = new URL(outlookComposeUrl(mail, 'a@example.test'));
    expect(outlook.pathname).toBe('/mail/0/deeplink/compose');
    expect(outlook.searchParams.get('to')).toBe('a@example.test');
    expect(outlook.searchParams.get('subject')).toBe(mail.subject);
  });
});
