import {
  DOMAIN_DISCOVERY_TIMEOUT_MS,
  DOMAIN_ENV_STORAGE_KEY,
  parseListJson,
  apiPaths,
  type DomainEnvironment,
  type ListJson,
} from '@podium/protocol';
import { loadDomainEnvironment } from '../../shared/api/baseUrl.ts';

export { loadDomainEnvironment };

/**
 * The chosen organization environment (spec §3 "local storage with chosen domain environment")
 * and domain discovery through a parent domain's list.json (spec §4). Framework-free.
 */

type ReadStorage = Pick<Storage, 'getItem'>;
type WriteStorage = Pick<Storage, 'setItem' | 'removeItem'>;

export function saveDomainEnvironment(storage: WriteStorage, env: DomainEnvironment): void {
  storage.setItem(DOMAIN_ENV_STORAGE_KEY, JSON.stringify(env));
}

export function clearDomainEnvironment(storage: WriteStorage): void {
  storage.removeItem(DOMAIN_ENV_STORAGE_KEY);
}

/** list.json names three APIs and the signal controller; the main domain is where it was found. */
export function fromListJson(list: ListJson, mainDomain: string): DomainEnvironment {
  return {
    MAIN_DOMAIN: mainDomain.replace(/\/+$/, ''),
    ACC_API_URL: list.ACC_API,
    WEBRTC_BASE_API_URL: list.CALL_CONFIG,
    CONFERENCE_API_URL: list.CONFERENCE_API,
    SIGNAL_CONTROLLER: list.SIGNAL_CONTROLLER,
  };
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    IPV4.test(host) ||
    host.includes(':') ||
    host.startsWith('[') ||
    !host.includes('.')
  );
}

/** `meet.acme.com` → `acme.com`; null when there is no parent to ask. */
export function parentDomain(hostname: string): string | null {
  const labels = hostname.toLowerCase().replace(/\.$/, '').split('.');
  return labels.length > 2 ? labels.slice(1).join('.') : null;
}

export interface DiscoveryInput {
  hostname: string;
  protocol: string;
  storage: ReadStorage & WriteStorage;
  /** Hosts that are Podium's own main deployment: nothing to discover there. */
  knownMainHosts: readonly string[];
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Spec §4: with no saved domain, on a host that is neither local nor a known main host, ask the
 * parent domain for list.json, giving up after 2000 ms. Success saves the environment; any
 * failure leaves everything as it was. Returns what was saved.
 */
export async function discoverDomain(input: DiscoveryInput): Promise<DomainEnvironment | null> {
  if (loadDomainEnvironment(input.storage)) return null;
  const host = input.hostname.toLowerCase();
  if (isLocalHost(host) || input.knownMainHosts.includes(host)) return null;
  const parent = parentDomain(host);
  if (!parent) return null;
  const origin = `${input.protocol}//${parent}`;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(),
    input.timeoutMs ?? DOMAIN_DISCOVERY_TIMEOUT_MS,
  );
  try {
    const res = await (input.fetch ?? fetch)(`${origin}${apiPaths.domain.list}`, {
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) return null;
    const parsed = parseListJson(await res.json());
    if (!parsed) return null;
    const env = fromListJson(parsed, origin);
    saveDomainEnvironment(input.storage, env);
    return env;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** VITE_MAIN_HOSTS: comma-separated hosts of Podium's own main deployment. */
export function knownMainHosts(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}
