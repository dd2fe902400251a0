import { recordingPermissions } from '../../../rooms/feature-permissions/index.ts';
import { peopleCount } from '../../../rooms/index.ts';
import type { RoomFeature } from '../types.ts';
import { slotOf, stopRecording } from './egress.ts';
import { recordingSlot } from './slot.ts';

/**
 * Recording (issue 12 item 2). Protocol: `packages/protocol/src/signaling/recording.ts`.
 * Permissions: `record` (rooms/feature-permissions/recording.ts: hosts and co-hosts). Pure
 * rules: rules.ts (the state machine and its refusals). Effects: egress.ts (one egress file
 * output per recording, paused and resumed there; the library entry in services/recordings,
 * owned by the event's owner). Per-room state: slot.ts. The recording state is not room-machine
 * state: it follows the egress, and every `welcome` is followed by it (joiners, reconnects) unless
 * it is idle and the participant new (features/types.ts).
 */
export const recordingFeature: RoomFeature = {
  name: 'recording',
  permissions: recordingPermissions,
  slots: [recordingSlot],
  // Everyone left (the recorder is nobody): stop and finalise now rather than record an empty
  // room; the recorder then leaves and the room can close.
  decorate: (room, decision) => {
    const slot = slotOf(room);
    if (slot.active && !slot.stopping && peopleCount(decision.state) === 0) {
      slot.stopping = true;
      void slot.queue
        .run(() => stopRecording(room, slot))
        .catch((error: unknown) => room.log.error({ err: error }, 'recording could not stop'))
        .finally(() => {
          slot.stopping = false;
        });
    }
    return decision;
  },
  welcome: (room) => [{ type: 'recording_state', recording: slotOf(room).run }],
  // The event ended or the room closed (idle, shutdown): stop and finalise the file.
  ended: (room) => {
    const slot = slotOf(room);
    return slot.queue.run(() => stopRecording(room, slot));
  },
};

export { recordingPause, recordingResume, recordingStart, recordingStop } from './requests.ts';
export type { RecordingLibrary } from './services.ts';
