import { recordingPermissions } from '../../../rooms/feature-permissions/index.ts';
import type { RoomFeature } from '../types.ts';
import { slotOf, stopRecording } from './egress.ts';
import { recordingSlot } from './slot.ts';

/**
 * Recording (issue 12 item 2). Protocol: `packages/protocol/src/signaling/recording.ts`.
 * Permissions: `record` (rooms/feature-permissions/recording.ts: hosts and co-hosts). Pure
 * rules: rules.ts (the state machine and its refusals). Effects: egress.ts (one egress file
 * output per recording, paused and resumed there; the library entry in services/recordings,
 * owned by the event's owner). Per-room state: slot.ts. The recording state is not room-machine
 * state: it follows the egress, and every `welcome` is followed by it (joiners, reconnects).
 */
export const recordingFeature: RoomFeature = {
  name: 'recording',
  permissions: recordingPermissions,
  slots: [recordingSlot],
  welcome: (room) => [{ type: 'recording_state', recording: slotOf(room).run }],
  // Everyone gone (the room closes idle) or the event ended: stop and finalise the file.
  ended: (room) => {
    const slot = slotOf(room);
    return slot.queue.run(() => stopRecording(room, slot));
  },
};

export { recordingPause, recordingResume, recordingStart, recordingStop } from './requests.ts';
export type { RecordingLibrary } from './services.ts';
