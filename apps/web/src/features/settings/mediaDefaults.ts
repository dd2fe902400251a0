import type { AccountSettings } from '@podium/protocol';
import type { DeviceLists } from '../../shared/media/devices.ts';

/** The part of the pre-join preview the defaults drive (features/join LocalPreview). */
export interface DefaultsTarget {
  getState(): { devices: DeviceLists };
  setEnabled(kind: 'camera' | 'microphone', on: boolean): Promise<void>;
  select(choice: 'camera' | 'microphone' | 'speaker', deviceId: string): Promise<void>;
}

/**
 * Starts the pre-join as the account chose (settings "audio and video"). Devices are turned on
 * first: browsers list device ids only once access was granted, and a chosen device is switched
 * to only when it is connected now (an absent one would fail to open).
 */
export async function applyMediaDefaults(
  target: DefaultsTarget,
  settings: Pick<
    AccountSettings,
    'mic_on_join' | 'camera_on_join' | 'audio_input_id' | 'video_input_id' | 'audio_output_id'
  >,
): Promise<void> {
  if (settings.mic_on_join) await target.setEnabled('microphone', true);
  if (settings.camera_on_join) await target.setEnabled('camera', true);
  const { devices } = target.getState();
  const present = (list: { deviceId: string }[], id: string | null): id is string =>
    id !== null && list.some((d) => d.deviceId === id);
  if (present(devices.microphones, settings.audio_input_id)) {
    await target.select('microphone', settings.audio_input_id);
  }
  if (present(devices.cameras, settings.video_input_id)) {
    await target.select('camera', settings.video_input_id);
  }
  if (present(devices.speakers, settings.audio_output_id)) {
    await target.select('speaker', settings.audio_output_id);
  }
}
