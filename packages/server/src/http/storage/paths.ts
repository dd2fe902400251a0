import { STORAGE_FILE_PATH_PREFIX } from '@podium/protocol';

const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Whether a request is a download of a shared file (`GET /api/storage/file/:id`). The API's
 * X-Requested-With guard lets exactly these through: a chat message's download link is a plain
 * `<a href>`, which cannot carry the header.
 */
export function isStorageDownload(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const p = url.split('?')[0] ?? '';
  return (
    p.startsWith(STORAGE_FILE_PATH_PREFIX) && FILE_ID.test(p.slice(STORAGE_FILE_PATH_PREFIX.length))
  );
}
