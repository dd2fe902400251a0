import path from 'node:path';

/**
 * The files of a room's HLS output and how they are served: which names exist at all, their
 * content types and caching, and the playlist rewritten for one viewer.
 */

/** The playlist the egress writes at the top of an HLS output's directory. */
export const PLAYLIST_FILE = 'index.m3u8';

/** A run id names one start of a room's audience stream (its own directory). */
export const RUN_ID = /^[A-Za-z0-9_-]{16,64}$/;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.aac': 'audio/aac',
  '.vtt': 'text/vtt; charset=utf-8',
};

/**
 * SECURITY: the only names a request may ask for: one path segment of letters, digits, `_`,
 * `-` and `.` before a known extension — no `/`, no `..`, no NUL, nothing percent-decoded into
 * them; the resolved path is checked to be inside the run's directory as well.
 */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,95}\.(m3u8|ts|m4s|mp4|aac|vtt)$/;

export function isHlsFileName(name: string): boolean {
  return FILE_NAME.test(name) && !name.includes('..');
}

export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream';
}

export const isPlaylist = (name: string): boolean => name.endsWith('.m3u8');

/** `file` inside `dir`, or null when it would resolve anywhere else. */
export function fileInside(dir: string, file: string): string | null {
  if (!isHlsFileName(file)) return null;
  const root = path.resolve(dir);
  const absolute = path.resolve(root, file);
  return path.dirname(absolute) === root ? absolute : null;
}

/**
 * Cache-Control of what the HLS routes send.
 *
 * - Playlists change every segment and name the viewer's token: `private, no-cache` — a shared
 *   cache never keeps one, a browser always asks again (and every fetch is the viewer's
 *   heartbeat for the count).
 * - Segments never change once written and their URL names the stream's run (a fresh random id
 *   per start), so a name is never reused for other bytes: `public, max-age=1 year, immutable`.
 *   SECURITY: `public` lets a CDN or nginx in front keep them keyed on the path. That path is a
 *   capability: the run id (96 random bits) appears only in playlists served to holders of a
 *   playback token, so a cache that ignores the token query still serves segments only to
 *   people who were given the run — and the origin refuses every request without a valid token.
 */
export const CACHE_PLAYLIST = 'private, no-cache';
export const CACHE_SEGMENT = 'public, max-age=31536000, immutable';

/**
 * The playlist as one viewer gets it: every URI (a segment line, or a `URI="…"` attribute of
 * EXT-X-MAP, EXT-X-PART, EXT-X-PRELOAD-HINT, …) prefixed with `prefix` and given the viewer's
 * token. A URI that is not a plain file name of the output (absolute, nested, `..`) is dropped
 * with its line: the output is the egress's own files and nothing else.
 */
export function rewritePlaylist(text: string, prefix: string, token: string): string {
  const q = `?token=${encodeURIComponent(token)}`;
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      let dropped = false;
      const rewritten = line.replace(/URI="([^"]*)"/g, (_m, uri: string) => {
        if (!isHlsFileName(uri)) dropped = true;
        return `URI="${prefix}${uri}${q}"`;
      });
      if (!dropped) out.push(rewritten);
      continue;
    }
    if (isHlsFileName(line)) out.push(`${prefix}${line}${q}`);
    else if (out.at(-1)?.startsWith('#EXTINF')) out.pop();
  }
  return `${out.join('\n')}\n`;
}
