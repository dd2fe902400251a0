import type { FindDomainResponse } from '@podium/protocol';
import { api, type ApiClient } from '../../shared/api/index.ts';
import { apiPaths } from '@podium/protocol';

/** Spec §7 "Signal": `POST /member/v1/find-domain`. */
export function findDomain(domain: string, client: ApiClient = api): Promise<FindDomainResponse> {
  return client.post<FindDomainResponse>(apiPaths.domain.find, { domain }, { auth: false });
}
