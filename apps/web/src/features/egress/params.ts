/**
 * What the egress process hands the recorder page in its URL fragment (never sent to a server,
 * so the credentials stay out of access logs): `#c=<credentials>&i=<ingest ws url>&w=&h=`.
 */
export interface RecorderParams {
  /** Recorder socket credentials, minted by the server for this one room (short-lived). */
  credentials: string;
  /** The egress process's socket that receives the recording. */
  ingest: string;
  width: number;
  height: number;
}

const SIZES = new Set(['1280x720', '1920x1080']);

export function readRecorderParams(hash: string): RecorderParams | null {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const credentials = q.get('c');
  const ingest = q.get('i');
  const width = Number(q.get('w'));
  const height = Number(q.get('h'));
  if (!credentials || !ingest || !/^wss?:\/\//.test(ingest)) return null;
  if (!SIZES.has(`${width}x${height}`)) return null;
  return { credentials, ingest, width, height };
}
