import { z } from 'zod';
import { CHAT_DOCUMENT_MAX_BYTES, CHAT_OTHER_MAX_BYTES } from '../limits.ts';
import { apiPaths, pathTo } from './paths.ts';

/**
 * Spec §7 "File": `POST /api/storage/upload-file` (multipart/form-data, one `file` field and an
 * optional `room` alias id) stores a file shared in the live room's chat;
 * `GET /api/storage/file/:id` downloads it. Limits (decisions.md "Chat and files"): images and
 * documents up to 5 MB, other files up to 100 MB, both configurable on the server; executables and
 * scripts are refused as an invalid type.
 */
/** What every download path starts with (the pattern without its `:id`). */
export const STORAGE_FILE_PATH_PREFIX = apiPaths.storage.file.slice(0, -':id'.length);

/**
 * Guests have no account token: they authenticate an upload with the live room's socket
 * credentials (from `POST /member/v1/auth`) in this header instead.
 */
export const ROOM_CREDENTIALS_HEADER = 'X-Podium-Room-Credentials';

/** The default limits; the server's configuration may change them. */
export const UPLOAD_DOCUMENT_MAX_BYTES_DEFAULT = CHAT_DOCUMENT_MAX_BYTES;
export const UPLOAD_OTHER_MAX_BYTES_DEFAULT = CHAT_OTHER_MAX_BYTES;

export const UPLOAD_KINDS = ['image', 'document', 'other'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The download path of a stored file (same origin; a plain `<a href download>` works). */
export function storageFileUrl(id: string): string {
  return pathTo(apiPaths.storage.file, { id });
}

/** 201 answer of the upload. `id`, `name`, `size`, `mime` are the chat message's `file`. */
export const uploadResponse = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(255),
  size: z.number().int().nonnegative(),
  mime: z.string().min(1).max(127),
  kind: z.enum(UPLOAD_KINDS),
  url: z.string().min(1),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

export const StorageErrorCode = {
  /** 413: over the limit of the file's kind. */
  FileTooLarge: 'file_too_large',
  /** 400: an executable or script, or an image whose bytes are not what its name says. */
  InvalidFileType: 'invalid_file_type',
  /** 400: no `file` part, more than one file, or a body that is not multipart/form-data. */
  NoFile: 'no_file',
} as const;
export type StorageErrorCode = (typeof StorageErrorCode)[keyof typeof StorageErrorCode];

/**
 * Messages of the storage errors (the server sends `en` and the `key`). Spec §8 has a single
 * message for both refusals, "file too large or invalid type".
 */
export const storageMessages = {
  'storage.file_rejected': {
    en: 'File too large or invalid type',
    vi: 'Tệp quá lớn hoặc không đúng định dạng',
  },
  'storage.no_file': {
    en: 'Choose one file to send',
    vi: 'Hãy chọn một tệp để gửi',
  },
} as const;
export type StorageMessageKey = keyof typeof storageMessages;
