import { ErrorCode, qrCallMessages, serverMessages, type QrCallMessageKey } from '@podium/protocol';
import { AppError } from '../../shared/errors.ts';

/** Errors of the QR call centre; messages from protocol's qrCallMessages (English sent). */
function keyed(
  status: number,
  code: string,
  key: QrCallMessageKey,
  fields?: Record<string, string>,
): AppError {
  return new AppError(status, code, qrCallMessages[key].en, {
    key,
    ...(fields ? { fields } : {}),
  });
}

const msg = (key: QrCallMessageKey) => qrCallMessages[key].en;

export const qrInvalid = () => keyed(404, 'invalid_qr_code', 'qr.invalid');
export const qrExpired = () => keyed(410, 'expired', 'qr.expired');
export const callNotFound = () => keyed(404, ErrorCode.NotFound, 'qr.call_not_found');
export const notAgent = () => keyed(403, ErrorCode.Forbidden, 'qr.not_agent');
export const agentNotFound = () => keyed(404, ErrorCode.NotFound, 'qr.agent_not_found');
export const agentExists = () =>
  keyed(409, ErrorCode.Conflict, 'qr.agent_exists', { account: msg('qr.agent_exists') });

/** 409: the call left ringing before this accept or decline; `key` says how it ended. */
export const callOver = (key: QrCallMessageKey) => keyed(409, 'call_over', key);

export function invalidFields(fields: Record<string, string>): AppError {
  return new AppError(400, ErrorCode.Validation, serverMessages['errors.validation'], {
    key: 'errors.validation',
    fields,
  });
}

export const fieldMessage = msg;
