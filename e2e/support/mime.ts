/**
 * Just enough MIME to read what Podium's mailer (nodemailer) sends: headers with RFC 2047
 * encoded words, multipart bodies, base64 and quoted-printable parts. (mailparser would do
 * this, but its dependency tree is broken on the registry this project installs from.)
 */

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  from: string;
  text: string;
  html: string;
}

function decodeBytes(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function quotedPrintableBytes(text: string, inHeader: boolean): Uint8Array {
  const source = inHeader ? text.replace(/_/g, ' ') : text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    const hex = source.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      // Non-ASCII characters in an 8bit part: keep their UTF-8 bytes.
      bytes.push(...new TextEncoder().encode(c));
    }
  }
  return Uint8Array.from(bytes);
}

/** Decodes RFC 2047 encoded words (=?utf-8?B?...?= / =?utf-8?Q?...?=) in a header value. */
export function decodeHeaderValue(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[bBqQ]\?[^?]*\?=)\s+(?==\?[^?]+\?[bBqQ]\?[^?]*\?=)/g, '$1')
    .replace(
      /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g,
      (_m, charset: string, enc: string, data: string) => {
        const bytes =
          enc.toUpperCase() === 'B'
            ? Uint8Array.from(Buffer.from(data, 'base64'))
            : quotedPrintableBytes(data, true);
        return decodeBytes(bytes, charset.split('*')[0] ?? 'utf-8');
      },
    );
}

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

function contentType(value: string | undefined): { type: string; params: Map<string, string> } {
  const [type = 'text/plain', ...rest] = (value ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    params.set(
      part.slice(0, eq).trim().toLowerCase(),
      part
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { type: type.trim().toLowerCase(), params };
}

function decodePart(body: string, headers: Map<string, string>, charset: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') {
    return decodeBytes(Uint8Array.from(Buffer.from(body.replace(/\s+/g, ''), 'base64')), charset);
  }
  if (encoding === 'quoted-printable')
    return decodeBytes(quotedPrintableBytes(body, false), charset);
  return body;
}

function walk(raw: string, into: { text: string; html: string }): Map<string, string> {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const { type, params } = contentType(headers.get('content-type'));
  const boundary = params.get('boundary');
  if (type.startsWith('multipart/') && boundary) {
    const parts = body.split(
      new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    // parts[0] is the preamble; the last one starts with `--` (the closing delimiter).
    for (const part of parts.slice(1)) {
      if (part.startsWith('--')) break;
      walk(part.replace(/^[ \t]*\r?\n/, ''), into);
    }
  } else if (type === 'text/plain' && !into.text) {
    into.text = decodePart(body, headers, params.get('charset') ?? 'utf-8');
  } else if (type === 'text/html' && !into.html) {
    into.html = decodePart(body, headers, params.get('charset') ?? 'utf-8');
  }
  return headers;
}

export function parseMail(raw: string): ParsedMail {
  const into = { text: '', html: '' };
  const headers = walk(raw, into);
  return {
    headers,
    subject: decodeHeaderValue(headers.get('subject') ?? ''),
    from: decodeHeaderValue(headers.get('from') ?? ''),
    text: into.text,
    html: into.html,
  };
}
