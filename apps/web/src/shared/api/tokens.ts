import Cookies from 'js-cookie';
import { TOKEN_COOKIE_DAYS } from '@podium/protocol';

/** Cookie names of spec §3 "Stored values". */
export const ACCESS_TOKEN_COOKIE = 'access_token';
export const RENEWAL_TOKEN_COOKIE = 'renewal_token';
/** The JSON cookie of account requirements: prefix `account.` plus `requires`. */
export const REQUIREMENTS_COOKIE = 'account.requires';

export interface Tokens {
  access: string | null;
  renewal: string | null;
}

export interface TokenStore {
  read(): Tokens;
  save(tokens: { authorization: string; renewal_token?: string | null }): void;
  clear(): void;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The domains a cookie could be scoped to, widest first: for `app.podium.example.com` that is
 * `example.com`, `podium.example.com`, `app.podium.example.com`. Local hosts and IP addresses
 * have no parent domain, so cookies stay host-only there.
 */
export function cookieDomainCandidates(hostname: string): string[] {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!host || host === 'localhost' || host.endsWith('.localhost')) return [];
  if (IPV4.test(host) || host.includes(':') || host.startsWith('[')) return [];
  const labels = host.split('.');
  if (labels.length < 2) return [];
  const candidates: string[] = [];
  for (let n = 2; n <= labels.length; n += 1) candidates.push(labels.slice(-n).join('.'));
  return candidates;
}

let cachedDomain: { host: string; domain: string | undefined } | null = null;

/**
 * The parent domain the token cookies are shared on (spec §3), found by probing: browsers
 * refuse cookies for public suffixes such as `co.uk`, so the widest domain that accepts a test
 * cookie is the registrable domain. SECURITY: this shares the tokens with every subdomain of
 * that domain, which the spec asks for so sibling apps stay signed in.
 */
export function cookieDomain(hostname = window.location.hostname): string | undefined {
  if (cachedDomain?.host === hostname) return cachedDomain.domain;
  let found: string | undefined;
  const probe = 'podium_cookie_probe';
  for (const candidate of cookieDomainCandidates(hostname)) {
    Cookies.set(probe, '1', { domain: candidate, path: '/' });
    const accepted = Cookies.get(probe) === '1';
    Cookies.remove(probe, { domain: candidate, path: '/' });
    if (accepted) {
      found = candidate;
      break;
    }
  }
  cachedDomain = { host: hostname, domain: found };
  return found;
}

function cookieAttributes(): Cookies.CookieAttributes {
  const secure = window.location.protocol === 'https:';
  const domain = cookieDomain();
  return {
    expires: TOKEN_COOKIE_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure,
    ...(domain ? { domain } : {}),
  };
}

function removeEverywhere(name: string) {
  const domain = cookieDomain();
  Cookies.remove(name, { path: '/' });
  if (domain) Cookies.remove(name, { path: '/', domain });
}

export const cookieTokenStore: TokenStore = {
  read() {
    return {
      access: Cookies.get(ACCESS_TOKEN_COOKIE) ?? null,
      renewal: Cookies.get(RENEWAL_TOKEN_COOKIE) ?? null,
    };
  },
  save({ authorization, renewal_token }) {
    const attributes = cookieAttributes();
    Cookies.set(ACCESS_TOKEN_COOKIE, authorization, attributes);
    if (renewal_token) Cookies.set(RENEWAL_TOKEN_COOKIE, renewal_token, attributes);
  },
  clear() {
    removeEverywhere(ACCESS_TOKEN_COOKIE);
    removeEverywhere(RENEWAL_TOKEN_COOKIE);
    removeEverywhere(REQUIREMENTS_COOKIE);
  },
};
