import { IDLE_RECORDING, type RecordingView, type Role, type RoomMode } from '@podium/protocol';
import { can, roomError, type RoomError } from '../../../rooms/index.ts';

/**
 * The recording of one room run as pure data and the rules of its requests (spec §4
 * "Recording: recording, pause or stop, resume"): idle → starting → recording ⇄ paused →
 * stopping → idle. The feature (requests.ts) carries out the egress and the library around these.
 */
export type RecordingRun = RecordingView;

export const IDLE: RecordingRun = IDLE_RECORDING;

export type RecordingCommand = 'start' | 'pause' | 'resume' | 'stop';

/** Who asks, in which room. */
export interface RecordingAsker {
  /** null: not (or no longer) connected in the room. */
  role: Role | null;
  signedIn: boolean;
  mode: RoomMode;
  /** The server can compose rooms (an egress is configured). */
  egressAvailable: boolean;
}

/**
 * Whether `command` may run now, or why not: the room's mode (end-to-end encrypted rooms are
 * never recorded by the server), the asker's role (hosts and co-hosts: the `record` permission),
 * the server, then the recording's state.
 */
export function refusal(
  run: RecordingRun,
  command: RecordingCommand,
  asker: RecordingAsker,
): RoomError | null {
  if (asker.role === null) return roomError('not_joined', 'room.not_in_room');
  if (asker.mode === 'endtoend') return roomError('not_allowed', 'recording.endtoend');
  if (!can(asker.role, 'record', { mode: asker.mode, signedIn: asker.signedIn })) {
    return roomError('permission', 'errors.permission');
  }
  if (command === 'start' && !asker.egressAvailable) {
    return roomError('not_allowed', 'recording.unavailable');
  }
  switch (command) {
    case 'start':
      return run.state === 'idle' ? null : roomError('conflict', 'recording.already_started');
    case 'pause':
      return run.state === 'recording' ? null : roomError('conflict', 'recording.not_recording');
    case 'resume':
      return run.state === 'paused' ? null : roomError('conflict', 'recording.not_paused');
    case 'stop':
      return run.state === 'recording' || run.state === 'paused'
        ? null
        : roomError('conflict', 'recording.not_recording');
  }
}

/** Recorded time at `now` (paused parts excluded). */
export function recordedMs(run: RecordingRun, now: number): number {
  return run.recorded_ms + (run.running_since === null ? 0 : Math.max(0, now - run.running_since));
}

export function starting(by: { id: string; name: string }, now: number): RecordingRun {
  return { ...IDLE, state: 'starting', started_at: now, by: by.id, by_name: by.name };
}

/** The file is being written from `now` on. */
export function started(run: RecordingRun, recordingId: string, now: number): RecordingRun {
  return { ...run, state: 'recording', recording_id: recordingId, running_since: now };
}

export function paused(run: RecordingRun, now: number): RecordingRun {
  return { ...run, state: 'paused', recorded_ms: recordedMs(run, now), running_since: null };
}

export function resumed(run: RecordingRun, now: number): RecordingRun {
  return { ...run, state: 'recording', running_since: now };
}

export function stopping(run: RecordingRun, now: number): RecordingRun {
  return { ...run, state: 'stopping', recorded_ms: recordedMs(run, now), running_since: null };
}
