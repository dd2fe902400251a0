import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_SETTINGS } from '@podium/protocol';
import type { DeviceLists } from '../../shared/media/devices.ts';
import { applyMediaDefaults, type DefaultsTarget } from './mediaDefaults.ts';

function fakePreview(devices: DeviceLists) {
  const calls: string[] = [];
  const target: DefaultsTarget = {
    getState: () => ({ devices }),
    setEnabled: async (kind, on) => {
      calls.push(`${kind}:${on ? 'on' : 'off'}`);
    },
    select: async (choice, id) => {
      calls.push(`select ${choice}=${id}`);
    },
  };
  return { target, calls };
}

const devices: DeviceLists = {
  microphones: [{ deviceId: 'mic-a', label: 'A' }],
  cameras: [{ deviceId: 'cam-a', label: 'Cam' }],
  speakers: [{ deviceId: 'spk-a', label: 'Spk' }],
};

describe('applyMediaDefaults', () => {
  it('leaves everything off by default (spec §9)', async () => {
    const { target, calls } = fakePreview(devices);
    await applyMediaDefaults(target, DEFAULT_ACCOUNT_SETTINGS);
    expect(calls).toEqual([]);
  });

  it('turns on what the account chose, then switches to connected chosen devices', async () => {
    const { target, calls } = fakePreview(devices);
    await applyMediaDefaults(target, {
      ...DEFAULT_ACCOUNT_SETTINGS,
      mic_on_join: true,
      camera_on_join: true,
      audio_input_id: 'mic-a',
      video_input_id: 'cam-gone',
      audio_output_id: 'spk-a',
    });
    expect(calls).toEqual([
      'microphone:on',
      'camera:on',
      'select microphone=mic-a',
      'select speaker=spk-a',
    ]);
  });
});
