import { ROOM_CREDENTIALS_HEADER, apiPaths, fileLinkResponse } from '@podium/protocol';

/**
 * A chat file downloads through a short-lived signed link the server hands only to someone who
 * may see its message (issue 10 item 7): `POST /api/storage/file-link {id}` with the room's
 * socket credentials (and the token when signed in, for the uploader's own files).
 */
export interface FileLinkOptions {
  credentials: string | null;
  accessToken: string | null;
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** The signed download path, or null when the server refused or could not be reached. */
export async function fetchFileLink(id: string, options: FileLinkOptions): Promise<string | null> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    // SECURITY: required on every API call (CSRF defence, spec §7).
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (options.accessToken) headers.Authorization = `Bearer ${options.accessToken}`;
  if (options.credentials) headers[ROOM_CREDENTIALS_HEADER] = options.credentials;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  try {
    const response = await doFetch(`${options.baseUrl ?? ''}${apiPaths.storage.fileLink}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id }),
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    const parsed = fileLinkResponse.safeParse(await response.json().catch(() => null));
    return parsed.success ? parsed.data.url : null;
  } catch {
    return null;
  }
}
