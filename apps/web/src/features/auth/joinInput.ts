/** Aliases: 12 random base62 characters, or vanity names of 3–64 letters, digits and hyphens. */
const ALIAS = /^[A-Za-z0-9-]{3,64}$/;
const JOIN_SEGMENTS: Record<string, 'j' | 'c'> = { j: 'j', join: 'j', c: 'c', call: 'c' };

function aliasPath(kind: 'j' | 'c', alias: string | undefined): string | null {
  if (!alias) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(alias);
  } catch {
    return null;
  }
  return ALIAS.test(decoded) ? `/${kind}/${decoded}` : null;
}

/**
 * The in-app path for what someone typed on /join: a bare event code (`/j/<code>`) or an event
 * link of any host whose path is /j/, /join/, /c/ or /call/ followed by the alias. Null when it
 * is neither. Only the alias is taken from a link, so a pasted link never leaves the app.
 */
export function parseJoinInput(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  if (ALIAS.test(text)) return `/j/${text}`;
  let url: URL;
  try {
    url = new URL(
      /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text.replace(/^\/+/, 'host/')}`,
    );
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const segments = url.pathname.split('/').filter(Boolean);
  for (let i = 0; i < segments.length - 1; i += 1) {
    const kind = JOIN_SEGMENTS[segments[i]!.toLowerCase()];
    if (kind) return aliasPath(kind, segments[i + 1]);
  }
  return null;
}
