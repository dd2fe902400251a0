import type { AliasShortDetail } from '@podium/protocol';
import { ApiError } from '../../shared/api/errors.ts';
import type { JoinAdmission } from '../../shared/session/admission.ts';

/** What /j/:alias shows. */
export type JoinView =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'expired'; detail: AliasShortDetail | null }
  | { kind: 'error'; error: unknown }
  | { kind: 'prejoin'; detail: AliasShortDetail }
  | { kind: 'admitted'; admission: JoinAdmission };

export interface JoinViewInput {
  /** False when the address cannot hold an alias. */
  validLink: boolean;
  detail: AliasShortDetail | undefined;
  detailError: unknown;
  admission: JoinAdmission | null;
  /** verify-call answered 410. */
  expiredOnJoin: boolean;
}

/** The screen for the current facts, most decisive first. Pure, so the order is tested. */
export function joinView(input: JoinViewInput): JoinView {
  if (!input.validLink) return { kind: 'invalid' };
  if (input.admission) return { kind: 'admitted', admission: input.admission };
  if (input.detailError) {
    const error = input.detailError;
    if (error instanceof ApiError && (error.status === 404 || error.code === 'invalid_link')) {
      return { kind: 'invalid' };
    }
    if (error instanceof ApiError && error.status === 410) return { kind: 'expired', detail: null };
    // The alias query is validated too: an impossible one is an invalid link as well.
    if (error instanceof ApiError && error.status === 400) return { kind: 'invalid' };
    return { kind: 'error', error };
  }
  if (!input.detail) return { kind: 'loading' };
  if (input.detail.expired || input.expiredOnJoin) return { kind: 'expired', detail: input.detail };
  return { kind: 'prejoin', detail: input.detail };
}
