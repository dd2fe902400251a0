/**
 * What the /j/:alias address says: the alias and, for links the server hands out, the speaker
 * token (speaker link) or host token (host link).
 */
export interface JoinLink {
  alias: string;
  speaker: string | null;
  host: string | null;
}

/** Default aliases are 12 base62 characters; vanity ones 3–64 letters, digits and hyphens. */
const ALIAS = /^[A-Za-z0-9-]{3,64}$/;
const TOKEN = /^[A-Za-z0-9._~-]{1,2048}$/;

function token(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim() ?? '';
  return TOKEN.test(value) ? value : null;
}

/** Null when the alias cannot be one: the page says 'Invalid Conference link' without asking. */
export function parseJoinLink(alias: string | undefined, search: string): JoinLink | null {
  const name = (alias ?? '').trim();
  if (!ALIAS.test(name)) return null;
  const params = new URLSearchParams(search);
  return { alias: name, speaker: token(params, 'speaker'), host: token(params, 'host') };
}
