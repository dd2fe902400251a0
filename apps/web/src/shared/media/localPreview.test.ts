import { describe, expect, it } from 'vitest';
import { LocalPreview, type LocalPreviewDeps } from './localPreview.ts';

/**
 * jsdom has no media devices; these stand-ins answer like a browser would so the ordering rules
 * are tested here. Real devices are exercised by the browser tests (e2e/2way).
 */
class FakeTrack extends EventTarget {
  stopped = false;
  constructor(readonly deviceId: string) {
    super();
  }
  stop() {
    this.stopped = true;
  }
  getSettings() {
    return { deviceId: this.deviceId };
  }
}

class FakeStream {
  constructor(readonly track: FakeTrack) {}
  getTracks() {
    return [this.track];
  }
}

function fakeDevices() {
  const calls: MediaStreamConstraints[] = [];
  const pending: Array<{
    resolve: (s: FakeStream) => void;
    reject: (e: unknown) => void;
    constraints: MediaStreamConstraints;
  }> = [];
  const listeners = new Set<() => void>();
  const list = [
    { kind: 'videoinput', deviceId: 'cam-1', label: 'Cam 1' },
    { kind: 'videoinput', deviceId: 'cam-2', label: 'Cam 2' },
    { kind: 'audioinput', deviceId: 'mic-1', label: 'Mic 1' },
  ] as MediaDeviceInfo[];
  const mediaDevices = {
    getUserMedia: (constraints: MediaStreamConstraints) => {
      calls.push(constraints);
      return new Promise((resolve, reject) => pending.push({ resolve, reject, constraints }));
    },
    enumerateDevices: async () => list,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  } as unknown as LocalPreviewDeps['mediaDevices'];
  return { mediaDevices, calls, pending, listeners };
}

const deviceOf = (c: MediaStreamConstraints) => {
  const track = (c.video || c.audio) as MediaTrackConstraints;
  return (track.deviceId as { exact: string } | undefined)?.exact;
};
const flush = () => new Promise((r) => setTimeout(r, 0));

async function setup(permission: PermissionState = 'prompt') {
  const fake = fakeDevices();
  const preview = await LocalPreview.create({
    mediaDevices: fake.mediaDevices,
    permissions: { query: async () => ({ state: permission }) as PermissionStatus },
    fallbackLabel: (kind, n) => `${kind} ${n}`,
  });
  return { preview, ...fake };
}

describe('LocalPreview', () => {
  it('starts with both devices off and asks for nothing', async () => {
    const { preview, calls } = await setup();
    const state = preview.getState();
    expect(state.camera.on).toBe(false);
    expect(state.microphone.on).toBe(false);
    expect(calls).toEqual([]);
    expect(state.selected).toEqual({ camera: 'cam-1', microphone: 'mic-1', speaker: null });
  });

  it('opens the selected camera, and stops its track when turned off', async () => {
    const { preview, pending } = await setup();
    const on = preview.setEnabled('camera', true);
    expect(preview.getState().camera.pending).toBe(true);
    expect(deviceOf(pending[0]!.constraints)).toBe('cam-1');
    expect(pending[0]!.constraints.audio).toBe(false);
    const track = new FakeTrack('cam-1');
    pending[0]!.resolve(new FakeStream(track));
    await on;
    expect(preview.getState().camera).toMatchObject({ on: true, pending: false, error: null });
    await preview.setEnabled('camera', false);
    expect(track.stopped).toBe(true);
    expect(preview.getState().camera).toMatchObject({ on: false, stream: null });
  });

  it('drops a late answer after the person turned the device off again', async () => {
    const { preview, pending } = await setup();
    const on = preview.setEnabled('microphone', true);
    await preview.setEnabled('microphone', false);
    const late = new FakeTrack('mic-1');
    pending[0]!.resolve(new FakeStream(late));
    await on;
    expect(late.stopped).toBe(true);
    expect(preview.getState().microphone.on).toBe(false);
  });

  it('switches an open camera to the newly selected device', async () => {
    const { preview, pending } = await setup();
    const on = preview.setEnabled('camera', true);
    const first = new FakeTrack('cam-1');
    pending[0]!.resolve(new FakeStream(first));
    await on;
    const switching = preview.select('camera', 'cam-2');
    await flush();
    expect(first.stopped).toBe(true);
    expect(deviceOf(pending[1]!.constraints)).toBe('cam-2');
    pending[1]!.resolve(new FakeStream(new FakeTrack('cam-2')));
    await switching;
    expect(preview.getState().selected.camera).toBe('cam-2');
    expect(preview.getState().camera.on).toBe(true);
  });

  it('maps a refusal with a stored block to "blocked", and an unplugged device to not found', async () => {
    const blocked = await setup('denied');
    const attempt = blocked.preview.setEnabled('camera', true);
    blocked.pending[0]!.reject(new DOMException('no', 'NotAllowedError'));
    await attempt;
    expect(blocked.preview.getState().camera).toMatchObject({ on: false, error: 'blocked' });

    const { preview, pending } = await setup();
    const on = preview.setEnabled('microphone', true);
    const track = new FakeTrack('mic-1');
    pending[0]!.resolve(new FakeStream(track));
    await on;
    track.dispatchEvent(new Event('ended'));
    expect(preview.getState().microphone).toMatchObject({ on: false, error: 'not_found' });
  });

  it('close stops every track, unhooks devicechange and is idempotent', async () => {
    const { preview, pending, listeners } = await setup();
    const on = preview.setEnabled('camera', true);
    const track = new FakeTrack('cam-1');
    pending[0]!.resolve(new FakeStream(track));
    await on;
    expect(listeners.size).toBe(1);
    preview.close();
    preview.close();
    expect(track.stopped).toBe(true);
    expect(listeners.size).toBe(0);
  });
});
