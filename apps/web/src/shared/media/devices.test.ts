import { describe, expect, it } from 'vitest';
import { groupDevices, pickDevice } from './devices.ts';
import { supportsCalling } from './support.ts';

const label = (kind: string, n: number) => `${kind} ${n}`;
const device = (kind: MediaDeviceKind, deviceId: string, label = '') => ({ kind, deviceId, label });

describe('device lists', () => {
  it('groups by kind, drops the default/communications aliases and numbers unnamed ones', () => {
    const lists = groupDevices(
      [
        device('audioinput', 'default', 'Default - Mic A'),
        device('audioinput', 'communications', 'Communications - Mic A'),
        device('audioinput', 'mic-a', 'Mic A'),
        device('audioinput', 'mic-b'),
        device('videoinput', 'cam-1', 'Front camera'),
        device('videoinput', 'cam-1', 'Front camera'),
        device('audiooutput', 'default', 'Default speakers'),
      ],
      label,
    );
    expect(lists.microphones).toEqual([
      { deviceId: 'mic-a', label: 'Mic A' },
      { deviceId: 'mic-b', label: 'microphones 2' },
    ]);
    expect(lists.cameras).toEqual([{ deviceId: 'cam-1', label: 'Front camera' }]);
    // Only an alias exists: keep it rather than show nothing.
    expect(lists.speakers).toEqual([{ deviceId: 'default', label: 'Default speakers' }]);
  });

  it('ignores the anonymous entries a browser lists before permission', () => {
    expect(groupDevices([device('videoinput', '')], label).cameras).toEqual([]);
  });

  it('keeps a chosen device while connected, else falls back to the first', () => {
    const list = [
      { deviceId: 'a', label: 'A' },
      { deviceId: 'b', label: 'B' },
    ];
    expect(pickDevice(list, 'b')).toBe('b');
    expect(pickDevice(list, 'gone')).toBe('a');
    expect(pickDevice([], 'b')).toBeNull();
  });
});

describe('browser check', () => {
  const gum = { getUserMedia: () => undefined };
  it('needs RTCPeerConnection and getUserMedia', () => {
    expect(supportsCalling({ RTCPeerConnection: class {}, mediaDevices: gum })).toBe(true);
    expect(supportsCalling({ mediaDevices: gum })).toBe(false);
    expect(supportsCalling({ RTCPeerConnection: class {} })).toBe(false);
    expect(supportsCalling({ RTCPeerConnection: class {}, mediaDevices: {} })).toBe(false);
  });
});
