import {
  DOMAIN_ENV_STORAGE_KEY,
  parseDomainEnvironment,
  type DomainEnvironment,
} from '@podium/protocol';

/** The organization environment chosen on /domain or discovered (spec §3, local storage). */
export function loadDomainEnvironment(storage: Pick<Storage, 'getItem'>): DomainEnvironment | null {
  try {
    return parseDomainEnvironment(JSON.parse(storage.getItem(DOMAIN_ENV_STORAGE_KEY) ?? 'null'));
  } catch {
    return null;
  }
}

/**
 * Base URL of the account API: '' (this origin) unless a chosen environment names another
 * origin. Read per request, so choosing or forgetting an organization applies at once.
 */
export function accountApiBase(storage: Pick<Storage, 'getItem'> | null, origin: string): string {
  const env = storage ? loadDomainEnvironment(storage) : null;
  if (!env) return '';
  try {
    return new URL(env.ACC_API_URL).origin === origin ? '' : env.ACC_API_URL;
  } catch {
    return '';
  }
}
