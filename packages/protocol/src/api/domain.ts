import { z } from 'zod';
import type { LoginResponse } from './account.ts';
import type { DomainEnvironment, ListJson } from './domain-environment.ts';
export * from './domain-environment.ts';

/**
 * Organization domains (spec §2 /domain, §3 stored values, §4 domain discovery, §7 Signal
 * `POST /member/v1/find-domain`, enterprise endpoints). An operator registers each organization's
 * domain with its environment; the web app saves the chosen environment in local storage.
 */

const hostLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Lower-cased host name; an email address or a URL is reduced to its domain. */
export function normalizeDomain(input: string): string {
  let value = input.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at >= 0) value = value.slice(at + 1);
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  value = value.split(/[/?#:]/)[0] ?? '';
  return value.replace(/\.$/, '');
}

export function isValidDomain(domain: string): boolean {
  if (domain.length < 3 || domain.length > 253) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((l) => hostLabel.test(l));
}

export const domainSchema = z
  .string()
  .max(320)
  .transform(normalizeDomain)
  .refine(isValidDomain, 'Enter a domain such as example.com');

const envUrl = z
  .string()
  .trim()
  .max(2048)
  .url('Invalid URL')
  .refine((u) => /^(https?|wss?):\/\//.test(u), 'Use an http(s) or ws(s) URL')
  .transform((u) => u.replace(/\/+$/, ''));

/** The environment of spec §3, saved locally once a domain is chosen. */
export const domainEnvironmentSchema = z.object({
  MAIN_DOMAIN: envUrl,
  ACC_API_URL: envUrl,
  WEBRTC_BASE_API_URL: envUrl,
  CONFERENCE_API_URL: envUrl,
  SIGNAL_CONTROLLER: envUrl,
}) satisfies z.ZodType<DomainEnvironment>;

/** A parent domain's list.json (spec §3): its fields map onto the environment. */
export const listJsonSchema = z.object({
  ACC_API: envUrl,
  CALL_CONFIG: envUrl,
  CONFERENCE_API: envUrl,
  SIGNAL_CONTROLLER: envUrl,
}) satisfies z.ZodType<ListJson>;

export const findDomainRequest = z.object({ domain: domainSchema });

export interface FindDomainResponse {
  domain: string;
  name: string | null;
  environment: DomainEnvironment;
}

/** Messages of the domain and enterprise endpoints (translated by the web app). */
export const domainMessages = {
  'errors.domain_unknown': 'No organization uses this domain on this server',
  'errors.enterprise_not_member': 'This account does not belong to this organization',
} as const;

/** `POST /apiv1/enterprise/login-tts`: sign in to an organization with its member credentials. */
export const enterpriseLoginRequest = z.object({
  domain: domainSchema,
  username: z.string().trim().min(1, 'Please fill out this field').max(254),
  password: z.string().min(1, 'Please fill out this field').max(128),
});

export interface EnterpriseLoginResponse extends LoginResponse {
  domain: string;
  environment: DomainEnvironment;
  member_status: EnterpriseStatus;
}

export const ENTERPRISE_STATUSES = ['online', 'busy', 'away', 'offline'] as const;
export type EnterpriseStatus = (typeof ENTERPRISE_STATUSES)[number];

/** `POST /apiv1/enterprise/status/update` (T): the member's availability in its organization. */
export const enterpriseStatusRequest = z.object({
  domain: domainSchema,
  status: z.enum(ENTERPRISE_STATUSES),
});

export interface EnterpriseStatusResponse {
  domain: string;
  status: EnterpriseStatus;
  updated_at: string;
}
