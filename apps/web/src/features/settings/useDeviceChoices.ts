import { useCallback, useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { EMPTY_DEVICES, groupDevices, type DeviceLists } from '../../shared/media/devices.ts';

/**
 * The devices to choose defaults from. Browsers name devices only after access was granted, so
 * listing asks for camera and microphone once and releases them straight away.
 */
export function useDeviceChoices() {
  const { t } = useTranslation();
  const [devices, setDevices] = useState<DeviceLists>(EMPTY_DEVICES);
  const [listed, setListed] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const list = useCallback(async () => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media) {
      setFailed(true);
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      const stream = await media.getUserMedia({ audio: true, video: true }).catch(() => null);
      stream?.getTracks().forEach((track) => track.stop());
      const all = await media.enumerateDevices();
      const kindName = {
        cameras: t('settings.media.camera'),
        microphones: t('settings.media.microphone'),
        speakers: t('settings.media.speaker'),
      };
      setDevices(
        groupDevices(all, (kind, n) => t('settings.media.unnamed', { kind: kindName[kind], n })),
      );
      setListed(true);
      if (!stream) setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [t]);

  return { devices, listed, failed, busy, list };
}
