import type { RecordingCommand } from './rules.ts';
import { paused, refusal, resumed, starting } from './rules.ts';
import { identityKey, roomError, type RoomError } from '../../../rooms/index.ts';
import type { FeatureRequestHandler, FeatureRoom } from '../types.ts';
import type { Answer } from '../../room-types.ts';
import { announce, slotOf, startRecording, stopRecording } from './egress.ts';

/** Why `by` may not run `command` now, or null. */
function check(room: FeatureRoom, by: string, command: RecordingCommand): RoomError | null {
  const p = room.state.participants.get(by);
  return refusal(slotOf(room).run, command, {
    role: p && p.status === 'connected' ? p.role : null,
    signedIn: p?.identity.kind === 'account',
    mode: room.state.mode,
    egressAvailable: room.deps.egress.available && room.deps.recordings !== undefined,
  });
}

const notInRoom = () => roomError('not_joined', 'room.not_in_room');

/**
 * recording_start / _pause / _resume / _stop: checked against the rules (rules.ts) in the
 * recording's own queue, then carried out on the egress (egress.ts). Each answers with the
 * recording's state after it; everyone hears `recording_state`.
 */
function handle(
  command: RecordingCommand,
  act: (room: FeatureRoom, at: number) => Promise<RoomError | null>,
) {
  return (room: FeatureRoom, by: string, answer: Answer): Promise<void> => {
    const slot = slotOf(room);
    // The moment the host asked: the file is cut there, however long the egress takes to hear.
    const at = Date.now();
    return slot.queue.run(async () => {
      const refused = check(room, by, command);
      if (refused) return answer({ ok: false, error: refused });
      const failed = await act(room, at);
      if (failed) return answer({ ok: false, error: failed });
      answer({ ok: true, data: { recording: slot.run } });
    });
  };
}

/**
 * Accepted starts answer at once with `starting` (composing a room can take longer than a
 * client waits for an answer); `recording_state` follows when the file is written, or
 * `recording_failed` (start_failed) to the moderators.
 */
const start = (room: FeatureRoom, by: string, answer: Answer): Promise<void> => {
  const slot = slotOf(room);
  return slot.queue.run(async () => {
    const refused = check(room, by, 'start');
    const p = room.state.participants.get(by);
    if (refused || !p) return answer({ ok: false, error: refused ?? notInRoom() });
    announce(room, slot, starting({ id: p.id, name: p.name }, Date.now()));
    answer({ ok: true, data: { recording: slot.run } });
    await startRecording(room, slot, { id: p.id, identity: identityKey(p.identity) });
  });
};

const pause = handle('pause', async (room, at) => {
  const slot = slotOf(room);
  const active = slot.active;
  if (!active) return roomError('conflict', 'recording.not_recording');
  try {
    await active.session.pause(active.outputId, at);
  } catch (error) {
    room.log.error({ err: error }, 'recording could not pause');
    return roomError('internal', 'errors.internal');
  }
  announce(room, slot, paused(slot.run, at));
  return null;
});

const resume = handle('resume', async (room, at) => {
  const slot = slotOf(room);
  const active = slot.active;
  if (!active) return roomError('conflict', 'recording.not_recording');
  try {
    await active.session.resume(active.outputId, at);
  } catch (error) {
    room.log.error({ err: error }, 'recording could not resume');
    return roomError('internal', 'errors.internal');
  }
  announce(room, slot, resumed(slot.run, at));
  return null;
});

const stop = handle('stop', async (room, at) => {
  await stopRecording(room, slotOf(room), at);
  return null;
});

export const recordingStart: FeatureRequestHandler<'recording_start'> = (room, by, _r, answer) =>
  start(room, by, answer);
export const recordingPause: FeatureRequestHandler<'recording_pause'> = (room, by, _r, answer) =>
  pause(room, by, answer);
export const recordingResume: FeatureRequestHandler<'recording_resume'> = (room, by, _r, answer) =>
  resume(room, by, answer);
export const recordingStop: FeatureRequestHandler<'recording_stop'> = (room, by, _r, answer) =>
  stop(room, by, answer);
