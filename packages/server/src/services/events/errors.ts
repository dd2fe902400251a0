import { ErrorCode, eventMessages, serverMessages, type EventMessageKey } from '@podium/protocol';
import { AppError, forbidden } from '../../shared/errors.ts';

/** Errors of the events domain; messages come from protocol's eventMessages (English sent). */
function keyed(
  status: number,
  code: string,
  key: EventMessageKey,
  fields?: Record<string, string>,
): AppError {
  return new AppError(status, code, eventMessages[key].en, {
    key,
    ...(fields ? { fields } : {}),
  });
}

const msg = (key: EventMessageKey) => eventMessages[key].en;

export const invalidLink = () => keyed(404, 'invalid_link', 'errors.invalid_link');
/** SECURITY: an unknown alias answers exactly like a wrong passcode (no enumeration). */
export const invalidPasscode = () =>
  keyed(400, 'invalid_passcode', 'errors.invalid_passcode', {
    passcode: msg('errors.invalid_passcode'),
  });
export const eventExpired = () => keyed(410, 'expired', 'errors.event_expired');
export const eventNotFound = () => keyed(404, ErrorCode.NotFound, 'errors.event_not_found');
export const participantNotFound = () =>
  keyed(404, ErrorCode.NotFound, 'errors.participant_not_found');
export const noPermission = forbidden;
/** SECURITY: an account that proved no address cannot make Podium mail strangers. */
export const unconfirmedSender = () =>
  keyed(403, 'unconfirmed_account', 'errors.confirm_to_invite');
/** The account's invitation mails for today (INVITATIONS_PER_DAY) are spent. */
export const invitationQuotaSpent = () =>
  keyed(429, ErrorCode.TooManyRequests, 'errors.invitation_quota');

/** 400 validation with field messages, the same shape route() gives zod failures. */
export function invalidFields(fields: Record<string, string>): AppError {
  return new AppError(400, ErrorCode.Validation, serverMessages['errors.validation'], {
    key: 'errors.validation',
    fields,
  });
}

export const aliasTaken = () =>
  keyed(409, ErrorCode.Conflict, 'events.alias_taken', { name: msg('events.alias_taken') });
export const participantExists = () =>
  keyed(409, ErrorCode.Conflict, 'events.participant_exists', {
    email: msg('events.participant_exists'),
  });

/** 429 with the seconds to wait, sent as Retry-After. */
export class TooManyFailures extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(429, ErrorCode.TooManyRequests, serverMessages['errors.too_many'], {
      key: 'errors.too_many',
    });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** True when `error` (or a cause of it) is PostgreSQL's unique violation on `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const pgError = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pgError.code === '23505') {
      return (
        pgError.constraint === constraint ||
        (typeof pgError.message === 'string' && pgError.message.includes(constraint))
      );
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
