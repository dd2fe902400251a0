import { StorageErrorCode, storageMessages, type StorageMessageKey } from '@podium/protocol';
import { AppError } from '../../shared/errors.ts';

/** Errors of the storage domain; messages come from protocol's storageMessages (English sent). */
function keyed(status: number, code: string, key: StorageMessageKey): AppError {
  return new AppError(status, code, storageMessages[key].en, { key });
}

/** Over the limit of the file's kind (spec §8 "file too large or invalid type"). */
export const fileTooLarge = () =>
  keyed(413, StorageErrorCode.FileTooLarge, 'storage.file_rejected');
/** A program or script, or an image whose bytes are not the format its name says. */
export const invalidFileType = () =>
  keyed(400, StorageErrorCode.InvalidFileType, 'storage.file_rejected');
/** Not multipart, no `file` part, more than one file, or a malformed body. */
export const noFile = () => keyed(400, StorageErrorCode.NoFile, 'storage.no_file');
