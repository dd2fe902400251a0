import {
  apiPaths,
  type StudioDefaultsResponse,
  type StudioImagePurpose,
  type StudioImageResponse,
  type StudioState,
} from '@podium/protocol';
import { api, cookieTokenStore, parseApiError } from '../../shared/api/index.ts';

export const studioKeys = { defaults: ['studio', 'defaults'] as const };

/** `GET /api/studio/defaults` (T): the studio the account's new events start with. */
export async function fetchStudioDefaults(): Promise<StudioState> {
  return (await api.get<StudioDefaultsResponse>(apiPaths.studio.defaults)).studio;
}

/** `POST /api/studio/defaults` (T): replaces them (checked by the server). */
export async function saveStudioDefaults(studio: StudioState): Promise<StudioState> {
  return (await api.post<StudioDefaultsResponse>(apiPaths.studio.defaults, { studio })).studio;
}

/**
 * `POST /api/studio/images?purpose=…` (T, multipart): the JSON client sends only JSON, so this
 * is a plain fetch with the same headers. The server sniffs the bytes and checks the shape.
 */
export async function uploadStudioImage(
  file: File,
  purpose: StudioImagePurpose,
  doFetch: typeof fetch = (i, init) => fetch(i, init),
): Promise<StudioImageResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // SECURITY: the server refuses API calls without it (CSRF defence, spec §7).
    'X-Requested-With': 'XMLHttpRequest',
  };
  const access = cookieTokenStore.read().access;
  if (access) headers.Authorization = `Bearer ${access}`;
  const response = await doFetch(`${apiPaths.studio.images}?purpose=${purpose}`, {
    method: 'POST',
    headers,
    body,
    credentials: 'same-origin',
  });
  const text = await response.text();
  let payload: unknown = text;
  try {
    payload = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the error
  }
  if (!response.ok) throw parseApiError(response.status, payload, response.statusText);
  return payload as StudioImageResponse;
}
