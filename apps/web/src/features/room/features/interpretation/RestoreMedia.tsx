import { useEffect, useRef } from 'react';
import { selfOf } from '../../state/roomState.ts';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { restoreSteps, type DevicesOn } from './restoreMedia.ts';

/**
 * Mounted once over the call: remembers the microphone and camera while the person is not
 * interpreting, and puts them back when they stop (restoreMedia.ts).
 */
export function RestoreMedia() {
  const session = useRoom();
  const channel = useRoomState((s) => selfOf(s.room)?.interpreter_channel ?? null);
  const microphone = useRoomState((s) => s.media.devices.microphone.on);
  const camera = useRoomState((s) => s.media.devices.camera.on);
  const canPublish = useRoomState((s) => selfOf(s.room)?.can_publish);
  const before = useRef<DevicesOn | null>(null);
  const interpreting = useRef(false);

  useEffect(() => {
    if (channel !== null) {
      interpreting.current = true;
      return;
    }
    if (interpreting.current) {
      interpreting.current = false;
      const saved = before.current;
      if (saved && canPublish) {
        for (const step of restoreSteps(saved, { microphone, camera }, canPublish)) {
          void session.media?.setEnabled(step.kind, step.on);
        }
        return;
      }
    }
    // Not interpreting: this is the state to come back to. The render where interpreting
    // starts does not get here, so the state from just before is kept.
    before.current = { microphone, camera };
  }, [channel, microphone, camera, canPublish, session]);

  return null;
}
