import type { JoinRole } from '@podium/protocol';

/**
 * The admission to an event after verify-call: the join ticket the live room presents, who was
 * admitted and the media choices of the pre-join page. Kept in memory and in sessionStorage so
 * a reload of the tab keeps it. SECURITY: sessionStorage is per tab and cleared with it, and the
 * ticket is short-lived (JOIN_TICKET_TTL_SECONDS) and only admits to this one event; it is not
 * put in localStorage, which would outlive the tab and reach other tabs.
 */
export interface MediaChoices {
  camera: boolean;
  microphone: boolean;
  cameraId: string | null;
  microphoneId: string | null;
  speakerId: string | null;
}

export interface JoinAdmission {
  alias: string;
  ticket: string;
  /** ISO instant. */
  expiresAt: string;
  role: JoinRole;
  displayName: string | null;
  title: string;
  media: MediaChoices;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const memory = new Map<string, JoinAdmission>();
const keyOf = (alias: string) => `podium.join.${alias.toLowerCase()}`;

function isAdmission(value: unknown): value is JoinAdmission {
  const v = value as JoinAdmission | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.alias === 'string' &&
    typeof v.ticket === 'string' &&
    typeof v.expiresAt === 'string' &&
    typeof v.role === 'string' &&
    typeof v.title === 'string' &&
    typeof v.media === 'object' &&
    v.media !== null
  );
}

export function sessionStore(): StorageLike | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveAdmission(admission: JoinAdmission, storage = sessionStore()): void {
  memory.set(keyOf(admission.alias), admission);
  try {
    storage?.setItem(keyOf(admission.alias), JSON.stringify(admission));
  } catch {
    // Storage full or disabled: the in-memory copy still serves this page.
  }
}

/** The admission to `alias` while its ticket is valid; an expired one is dropped. */
export function readAdmission(
  alias: string,
  now: number = Date.now(),
  storage = sessionStore(),
): JoinAdmission | null {
  let found = memory.get(keyOf(alias)) ?? null;
  if (!found) {
    try {
      const raw = storage?.getItem(keyOf(alias));
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      found = isAdmission(parsed) ? parsed : null;
    } catch {
      found = null;
    }
  }
  if (!found) return null;
  const expires = Date.parse(found.expiresAt);
  if (!(expires > now)) {
    clearAdmission(alias, storage);
    return null;
  }
  return found;
}

export function clearAdmission(alias: string, storage = sessionStore()): void {
  memory.delete(keyOf(alias));
  try {
    storage?.removeItem(keyOf(alias));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
