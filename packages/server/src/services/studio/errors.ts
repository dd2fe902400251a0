import { StudioErrorCode, studioMessages, type StudioMessageKey } from '@podium/protocol';
import { AppError } from '../../shared/errors.ts';

/** Errors of the studio; messages from the protocol's studioMessages (English sent, with the key). */
export function studioError(key: StudioMessageKey, field?: string): AppError {
  const code =
    key === 'studio.file_rejected'
      ? StudioErrorCode.FileRejected
      : key === 'studio.bad_ratio'
        ? StudioErrorCode.BadRatio
        : StudioErrorCode.Invalid;
  return new AppError(400, code, studioMessages.en[key], {
    key,
    ...(field ? { fields: { [field]: studioMessages.en[key] } } : {}),
  });
}
