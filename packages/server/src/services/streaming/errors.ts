import { ErrorCode, streamMessages, type StreamMessageKey } from '@podium/protocol';
import { AppError } from '../../shared/errors.ts';

/** Errors of the saved stream servers; messages from protocol's streamMessages (English sent). */
export function invalidField(field: 'url' | 'key' | 'name', key: StreamMessageKey): AppError {
  return new AppError(400, ErrorCode.Validation, streamMessages[key].en, {
    key,
    fields: { [field]: streamMessages[key].en },
  });
}

export const serverNotFound = () =>
  new AppError(404, ErrorCode.NotFound, streamMessages['stream.server_not_found'].en, {
    key: 'stream.server_not_found',
  });

export const tooManyServers = () =>
  new AppError(409, ErrorCode.Conflict, streamMessages['stream.too_many_servers'].en, {
    key: 'stream.too_many_servers',
  });
