/**
 * This browser's own random key, sent with every request for socket credentials. A block of a
 * guest holds for the browser it came from (issue 10 item 8): going back to the join page and
 * typing a name again does not make a new person. SECURITY: it identifies nothing beyond this
 * browser to this server, and a person can clear it; the server also blocks by address.
 */
const STORAGE_KEY = 'podium.guest-key';

let memory: string | null = null;

function fresh(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function guestKey(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = localStore(),
): string {
  try {
    const stored = storage?.getItem(STORAGE_KEY);
    if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
  } catch {
    // Storage disabled: the in-memory key serves this page.
  }
  memory ??= fresh();
  try {
    storage?.setItem(STORAGE_KEY, memory);
  } catch {
    // As above.
  }
  return memory;
}

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
