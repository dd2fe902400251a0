import { studioPermissions } from '../../../rooms/feature-permissions/index.ts';
import type { RoomFeature } from '../types.ts';
import { studioSlot } from './slot.ts';

/**
 * The studio (issue 13): name badge, logo, scene, text effect and video layout of the room's
 * stage. Protocol: `packages/protocol/src/signaling/studio.ts` (model: `api/studio.ts`).
 * Permissions: `studio` (rooms/feature-permissions/studio.ts: hosts and co-hosts). Requests:
 * requests.ts (`studio_set`, answered outside the machine: it reads images and writes the
 * event). Per-room state: slot.ts, loaded from the event when the room opens. Stored:
 * services/studio. Every `welcome` is followed by `studio_state` (late joiners, reconnects,
 * the recorder) — a new participant's only when the studio is not the default, which its
 * browser holds — so every stage draws the same studio.
 */
export const studioFeature: RoomFeature = {
  name: 'studio',
  permissions: studioPermissions,
  slots: [studioSlot],
  welcome: (room) => {
    const slot = room.local(studioSlot);
    return [{ type: 'studio_state', studio: slot.studio, by: slot.by }];
  },
};

export { studioSet } from './requests.ts';
export type { StudioStore } from './services.ts';
