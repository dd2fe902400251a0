/** `GET|HEAD /api/recordings/<id>/file`: a download a plain `<a href>` (or a player) makes. */
const FILE_PATH = /^\/api\/recordings\/[A-Za-z0-9_-]{1,64}\/file$/;

export function isRecordingDownload(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return FILE_PATH.test(url.split('?')[0] ?? '');
}
