import {
  apiPaths,
  pathTo,
  type RecordingEntry,
  type RecordingLinkResponse,
  type RecordingListResponse,
} from '@podium/protocol';
import { api } from '../../shared/api/index.ts';

export const recordingKeys = { list: ['recordings', 'list'] as const };

/** `GET /api/recordings` (T): the signed-in owner's recordings, newest first. */
export async function fetchRecordings(): Promise<RecordingEntry[]> {
  return (await api.get<RecordingListResponse>(apiPaths.recordings.list)).recordings;
}

/** `POST /api/recordings/:id/link` (T): a short-lived link a plain download can follow. */
export function recordingLink(id: string): Promise<RecordingLinkResponse> {
  return api.post<RecordingLinkResponse>(pathTo(apiPaths.recordings.link, { id }), {});
}

/** `DELETE /api/recordings/:id` (T). */
export function deleteRecording(id: string): Promise<unknown> {
  return api.delete(pathTo(apiPaths.recordings.item, { id }));
}
