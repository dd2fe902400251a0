import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { EMPTY_DEVICES } from '../../shared/media/devices.ts';
import { fallbackLabel } from '../../shared/media/fallbackLabel.ts';
import type { MediaKind } from '../../shared/media/errors.ts';
import {
  LocalPreview,
  type DeviceChoice,
  type PreviewState,
} from '../../shared/media/localPreview.ts';
import {
  browserEnvironment,
  supportsCalling,
  supportsSpeakerSelection,
} from '../../shared/media/support.ts';
import { useAccountSettings } from '../settings/api.ts';
import { applyMediaDefaults } from '../settings/mediaDefaults.ts';

const OFF_STATE: PreviewState = {
  camera: { on: false, pending: false, error: null, stream: null },
  microphone: { on: false, pending: false, error: null, stream: null },
  devices: EMPTY_DEVICES,
  selected: { camera: null, microphone: null, speaker: null },
};
const noSubscription = () => () => undefined;
const offState = () => OFF_STATE;

/** The pre-join camera and microphone: a LocalPreview for as long as the page shows. */
export function usePreJoinMedia() {
  const { i18n } = useTranslation();
  const [supported] = useState(() => supportsCalling(browserEnvironment()));
  const [canPickSpeaker] = useState(supportsSpeakerSelection);
  const [preview, setPreview] = useState<LocalPreview | null>(null);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    let created: LocalPreview | null = null;
    void LocalPreview.create({
      mediaDevices: navigator.mediaDevices,
      permissions: navigator.permissions,
      fallbackLabel: fallbackLabel(i18n),
    }).then((p) => {
      if (!live) {
        p.close();
        return;
      }
      created = p;
      setPreview(p);
    });
    return () => {
      live = false;
      created?.close();
      setPreview(null);
    };
  }, [supported, i18n]);

  // A signed-in person's audio and video defaults (settings), applied once per preview.
  const defaults = useAccountSettings().data?.settings;
  const applied = useRef<LocalPreview | null>(null);
  useEffect(() => {
    if (!preview || !defaults || applied.current === preview) return;
    applied.current = preview;
    void applyMediaDefaults(preview, defaults);
  }, [preview, defaults]);

  const state = useSyncExternalStore(
    preview?.subscribe ?? noSubscription,
    preview?.getState ?? offState,
  );

  return {
    supported,
    ready: preview !== null,
    state,
    canPickSpeaker,
    toggle: (kind: MediaKind) => void preview?.toggle(kind),
    select: (choice: DeviceChoice, deviceId: string) => void preview?.select(choice, deviceId),
    /** Turns camera and microphone off; the preview stays usable. */
    allOff: () => {
      void preview?.setEnabled('camera', false);
      void preview?.setEnabled('microphone', false);
    },
    /** Releases the devices for good (after joining). */
    stop: () => preview?.close(),
  };
}

export type PreJoinMedia = ReturnType<typeof usePreJoinMedia>;
