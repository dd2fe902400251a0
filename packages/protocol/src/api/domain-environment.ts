/**
 * The zod-free part of domain.ts: the saved organization environment, read on every page and
 * request by the web app without loading zod (issue 11: first load). The parsers agree with
 * domain.ts's `domainEnvironmentSchema` and `listJsonSchema` (domain.test.ts). domain.ts
 * re-exports all of it.
 */

/** The environment of spec §3, saved locally once a domain is chosen (domainEnvironmentSchema). */
export interface DomainEnvironment {
  MAIN_DOMAIN: string;
  ACC_API_URL: string;
  WEBRTC_BASE_API_URL: string;
  CONFERENCE_API_URL: string;
  SIGNAL_CONTROLLER: string;
}

/** A parent domain's list.json (spec §3; listJsonSchema). */
export interface ListJson {
  ACC_API: string;
  CALL_CONFIG: string;
  CONFERENCE_API: string;
  SIGNAL_CONTROLLER: string;
}

/** Local storage key of the chosen domain environment (spec §3). */
export const DOMAIN_ENV_STORAGE_KEY = 'podium.domain_env';

const ENVIRONMENT_KEYS = [
  'MAIN_DOMAIN',
  'ACC_API_URL',
  'WEBRTC_BASE_API_URL',
  'CONFERENCE_API_URL',
  'SIGNAL_CONTROLLER',
] as const satisfies readonly (keyof DomainEnvironment)[];

// The WHATWG URL parser of the browser and Node (the protocol's lib has no DOM types).
declare const URL: new (url: string) => unknown;

/** `envUrl` without zod: the trimmed URL without trailing slashes, or null. */
function parseEnvUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url.length > 2048 || !/^(https?|wss?):\/\//.test(url)) return null;
  try {
    new URL(url);
  } catch {
    return null;
  }
  return url.replace(/\/+$/, '');
}

/** An object whose `keys` are all valid `envUrl`s (parsed), or null. */
function parseUrlFields<K extends string>(
  value: unknown,
  keys: readonly K[],
): Record<K, string> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const parsed: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const url = parseEnvUrl((value as Record<string, unknown>)[key]);
    if (url === null) return null;
    parsed[key] = url;
  }
  return parsed as Record<K, string>;
}

/**
 * `domainEnvironmentSchema.safeParse(value).data` without zod, for the web app, which reads the
 * saved environment on every page and request: importing the schema would put zod in every
 * page's first load (issue 11). domain.test.ts checks both agree.
 */
export function parseDomainEnvironment(value: unknown): DomainEnvironment | null {
  return parseUrlFields(value, ENVIRONMENT_KEYS);
}

/** `listJsonSchema.safeParse(value).data` without zod (see parseDomainEnvironment). */
export function parseListJson(value: unknown): ListJson | null {
  return parseUrlFields(value, ['ACC_API', 'CALL_CONFIG', 'CONFERENCE_API', 'SIGNAL_CONTROLLER']);
}
