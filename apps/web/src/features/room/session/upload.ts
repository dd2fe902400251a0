import {
  CHAT_OTHER_MAX_BYTES,
  ROOM_CREDENTIALS_HEADER,
  uploadResponse,
  apiPaths,
  type ChatFile,
} from '@podium/protocol';

/**
 * A chat attachment goes to `POST /api/storage/upload-file` (spec §7 File, multipart with one
 * `file` part and the `room`), then travels in the chat message as `{id, name, size, mime}`.
 * A signed-in person sends their token; everyone sends the room's socket credentials, which
 * is how guests are let in (the server takes the account when both are there).
 */
export type UploadFailure = 'rejected' | 'unauthorized' | 'network';

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(readonly reason: UploadFailure) {
    super(`upload failed: ${reason}`);
  }
}

export interface UploadOptions {
  credentials: string | null;
  roomId: string | null;
  accessToken: string | null;
  baseUrl?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** Larger than the largest limit: refused here, without sending megabytes for nothing. */
export function obviouslyTooLarge(file: Pick<File, 'size'>): boolean {
  return file.size > CHAT_OTHER_MAX_BYTES;
}

export async function uploadChatFile(file: File, options: UploadOptions): Promise<ChatFile> {
  if (obviouslyTooLarge(file) || file.size === 0) throw new UploadError('rejected');
  const body = new FormData();
  if (options.roomId) body.append('room', options.roomId);
  body.append('file', file, file.name);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // SECURITY: required on every API call (CSRF defence, spec §7); the browser sets the
    // multipart Content-Type with its boundary itself.
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (options.accessToken) headers.Authorization = `Bearer ${options.accessToken}`;
  if (options.credentials) headers[ROOM_CREDENTIALS_HEADER] = options.credentials;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(`${options.baseUrl ?? ''}${apiPaths.storage.upload}`, {
      method: 'POST',
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch {
    // A file far over the limit makes the server answer early and close the connection.
    throw new UploadError('network');
  }
  if (response.status === 401 || response.status === 403) throw new UploadError('unauthorized');
  if (response.status === 400 || response.status === 413 || response.status === 415) {
    throw new UploadError('rejected');
  }
  if (!response.ok) throw new UploadError('network');
  const parsed = uploadResponse.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new UploadError('network');
  const { id, name, size, mime } = parsed.data;
  return { id, name, size, mime };
}
