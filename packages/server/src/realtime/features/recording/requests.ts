import type { RecordingCommand } from './rules.ts';
import { paused, refusal, resumed } from './rules.ts';
import { roomError } from '../../../rooms/index.ts';
import type { FeatureRequestHandler, FeatureRoom } from '../types.ts';
import type { Answer } from '../../room-types.ts';
import { announce, slotOf, startRecording, stopRecording } from './egress.ts';

/**
 * recording_start / _pause / _resume / _stop: checked against the rules (rules.ts) in the
 * recording's own queue, then carried out on the egress (egress.ts). Each answers with the
 * recording's state after it; everyone hears `recording_state`.
 */
function handle(
  command: RecordingCommand,
  act: (room: FeatureRoom, by: string) => Promise<ReturnType<typeof roomError> | null>,
) {
  return (room: FeatureRoom, by: string, answer: Answer): Promise<void> => {
    const slot = slotOf(room);
    return slot.queue.run(async () => {
      const p = room.state.participants.get(by);
      const refused = refusal(slot.run, command, {
        role: p && p.status === 'connected' ? p.role : null,
        signedIn: p?.identity.kind === 'account',
        mode: room.state.mode,
        egressAvailable: room.deps.egress.available && room.deps.recordings !== undefined,
      });
      if (refused) return answer({ ok: false, error: refused });
      const failed = await act(room, by);
      if (failed) return answer({ ok: false, error: failed });
      answer({ ok: true, data: { recording: slot.run } });
    });
  };
}

const start = handle('start', (room, by) => startRecording(room, slotOf(room), by));

const pause = handle('pause', async (room) => {
  const slot = slotOf(room);
  const active = slot.active;
  if (!active) return roomError('conflict', 'recording.not_recording');
  try {
    await active.session.pause(active.outputId);
  } catch (error) {
    room.log.error({ err: error }, 'recording could not pause');
    return roomError('internal', 'errors.internal');
  }
  announce(room, slot, paused(slot.run, Date.now()));
  return null;
});

const resume = handle('resume', async (room) => {
  const slot = slotOf(room);
  const active = slot.active;
  if (!active) return roomError('conflict', 'recording.not_recording');
  try {
    await active.session.resume(active.outputId);
  } catch (error) {
    room.log.error({ err: error }, 'recording could not resume');
    return roomError('internal', 'errors.internal');
  }
  announce(room, slot, resumed(slot.run, Date.now()));
  return null;
});

const stop = handle('stop', async (room) => {
  await stopRecording(room, slotOf(room));
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
