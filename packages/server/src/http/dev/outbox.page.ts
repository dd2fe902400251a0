import type { OutboxEntry } from '../../services/mail.ts';

export type PageLanguage = 'en' | 'vi';

const strings = {
  en: {
    title: 'Dev outbox',
    intro:
      'Mail and text messages Podium would have sent. Shown only in development; set SMTP_URL to send real mail.',
    empty: 'Nothing has been sent yet.',
    refresh: 'Refresh',
    to: 'To',
    at: 'At',
    html: 'HTML version',
    email: 'Email',
    sms: 'SMS',
  },
  vi: {
    title: 'Hộp thư đi (phát triển)',
    intro:
      'Thư và tin nhắn Podium lẽ ra đã gửi. Chỉ hiển thị khi phát triển; đặt SMTP_URL để gửi thư thật.',
    empty: 'Chưa có gì được gửi.',
    refresh: 'Tải lại',
    to: 'Đến',
    at: 'Lúc',
    html: 'Bản HTML',
    email: 'Thư điện tử',
    sms: 'Tin nhắn SMS',
  },
} satisfies Record<PageLanguage, Record<string, string>>;

/** Vietnamese when the browser asks for it, as the web app does; English otherwise. */
export function pageLanguage(acceptLanguage: string | undefined): PageLanguage {
  return acceptLanguage && /\bvi\b/i.test(acceptLanguage) ? 'vi' : 'en';
}

// SECURITY: message fields carry user-controlled text (names, addresses); escape everything
// that reaches the page so a crafted sign-up cannot run script on a developer's machine.
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function renderEntry(entry: OutboxEntry, t: (typeof strings)[PageLanguage]): string {
  const channel = entry.channel === 'sms' ? t.sms : t.email;
  const html = entry.html
    ? `<details><summary>${escapeHtml(t.html)}</summary><pre>${escapeHtml(entry.html)}</pre></details>`
    : '';
  return `<article class="entry">
<h2>${escapeHtml(entry.subject)}</h2>
<p class="meta"><span class="channel">${escapeHtml(channel)}</span> · ${escapeHtml(t.to)}: <strong>${escapeHtml(entry.to)}</strong> · ${escapeHtml(t.at)}: <time>${escapeHtml(entry.at)}</time></p>
<pre>${escapeHtml(entry.text)}</pre>
${html}
</article>`;
}

/** A self-contained page (no scripts, inline style) listing the outbox newest first. */
export function renderOutboxPage(entries: readonly OutboxEntry[], lang: PageLanguage): string {
  const t = strings[lang];
  const body = entries.length
    ? entries.map((e) => renderEntry(e, t)).join('\n')
    : `<p class="empty">${escapeHtml(t.empty)}</p>`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)} · PODIUM</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}
h1{color:#C52428}.entry{border:1px solid #ddd;border-radius:6px;padding:0 1rem;margin:1rem 0}
.meta{color:#555;font-size:.9rem}pre{white-space:pre-wrap;background:#f6f6f6;padding:.75rem}
</style>
</head>
<body>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)} <a href="/dev/outbox">${escapeHtml(t.refresh)}</a> · <a href="/dev/outbox.json">JSON</a></p>
${body}
</body>
</html>
`;
}
