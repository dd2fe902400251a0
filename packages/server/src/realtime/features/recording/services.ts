import type { RecordingEntryState, RecordingFailure } from '@podium/protocol';

/** What the recording feature needs of the recordings library (services/recordings). */
export interface RecordingLibrary {
  /** A new recording of the room's event (owned by its owner): its id and the file to write. */
  begin(input: {
    roomId: string;
    startedBy: string;
    startedAt: number;
  }): Promise<{ id: string; path: string }>;
  /** The recording ended; answers its final state (complete, partial or failed). */
  finish(
    id: string,
    outcome: { failure: RecordingFailure | null; durationMs: number },
  ): Promise<RecordingEntryState>;
}
