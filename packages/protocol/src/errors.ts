/**
 * Error codes shared by server and clients. Every error answer has the shape
 * `{ error: { code, message, key?, fields? } }`; `key` is an i18n key the web app translates.
 */
export const ErrorCode = {
  BadRequest: 'bad_request',
  Validation: 'validation_failed',
  MissingRequestedWith: 'missing_requested_with',
  Unauthorized: 'unauthorized',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  Conflict: 'conflict',
  TooManyRequests: 'too_many_requests',
  PayloadTooLarge: 'payload_too_large',
  Internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorBody {
  error: {
    code: ErrorCode | string;
    message: string;
    key?: string;
    fields?: Record<string, string>;
  };
}

/** English messages the server sends; the web app shows `key` translated when it has one. */
export const serverMessages = {
  'errors.permission': 'You do not have permission to perform this function',
  'errors.requested_with': 'Requests to the API must carry the X-Requested-With header',
  'errors.validation': 'Some fields are invalid',
  'errors.malformed_json': 'The request body is not valid JSON',
  'errors.not_found': 'Not found',
  'errors.unauthorized': 'Please sign in again',
  'errors.internal': 'Error, please try again',
  'errors.too_many': 'Too many attempts, please try again later',
} as const;
export type ServerMessageKey = keyof typeof serverMessages;
