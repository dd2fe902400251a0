import type { QrCallJoin } from '@podium/protocol';
import { saveAdmission } from '../../shared/session/admission.ts';
import { roomPath } from '../room/paths.ts';

/**
 * An answered QR call's admission, saved where the call room reads it (both sides join with
 * camera and mic off, spec §9); returns the room's path to go to.
 */
export function admitToQrCall(join: QrCallJoin): string {
  saveAdmission({
    alias: join.alias,
    ticket: join.ticket,
    expiresAt: join.expires_at,
    role: join.role,
    displayName: join.display_name,
    title: join.title,
    media: {
      camera: false,
      microphone: false,
      cameraId: null,
      microphoneId: null,
      speakerId: null,
    },
  });
  return roomPath(join.alias);
}
