import { EMPTY_DEVICES, groupDevices, pickDevice, type DeviceLists } from './devices.ts';
import {
  classifyMediaError,
  type DeviceErrorKind,
  type MediaKind,
  type PermissionStateLike,
} from './errors.ts';

/**
 * The pre-join camera and microphone, without React: it opens and closes local tracks, follows
 * the device list and turns getUserMedia failures into the device errors of spec §8. Both start
 * off (spec §9: mic and video off by default); nothing is requested until the person asks.
 * The React side only subscribes (usePreJoinMedia).
 */

export interface TrackState {
  /** A live track is open. */
  on: boolean;
  /** getUserMedia is in flight. */
  pending: boolean;
  error: DeviceErrorKind | null;
  stream: MediaStream | null;
}

export interface PreviewState {
  camera: TrackState;
  microphone: TrackState;
  devices: DeviceLists;
  selected: { camera: string | null; microphone: string | null; speaker: string | null };
}

export type DeviceChoice = keyof PreviewState['selected'];

export interface LocalPreviewDeps {
  mediaDevices: Pick<
    MediaDevices,
    'getUserMedia' | 'enumerateDevices' | 'addEventListener' | 'removeEventListener'
  >;
  /** Permissions API, to tell a block from a one-off refusal; optional (Safari lacks names). */
  permissions?: Pick<Permissions, 'query'> | undefined;
  fallbackLabel: (kind: keyof DeviceLists, n: number) => string;
}

interface PreviewEvents {
  change: PreviewState;
}

const OFF: TrackState = { on: false, pending: false, error: null, stream: null };

function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Width and rate a preview needs; the live room asks for its own constraints. */
const VIDEO_CONSTRAINTS: MediaTrackConstraints = {
  width: { ideal: 1280 },
  height: { ideal: 720 },
  frameRate: { ideal: 30 },
};

export class LocalPreview {
  #deps: LocalPreviewDeps;
  #state: PreviewState;
  #listeners = new Set<(state: PreviewEvents['change']) => void>();
  /** Bumped on every request per kind; a slower, older answer is dropped. */
  #attempt: Record<MediaKind, number> = { camera: 0, microphone: 0 };
  #closed = false;
  #onDeviceChange = () => void this.refreshDevices();

  private constructor(deps: LocalPreviewDeps) {
    this.#deps = deps;
    this.#state = {
      camera: OFF,
      microphone: OFF,
      devices: EMPTY_DEVICES,
      selected: { camera: null, microphone: null, speaker: null },
    };
  }

  /** A preview with both devices off; the device list loads in the background. */
  static async create(deps: LocalPreviewDeps): Promise<LocalPreview> {
    const preview = new LocalPreview(deps);
    deps.mediaDevices.addEventListener('devicechange', preview.#onDeviceChange);
    await preview.refreshDevices();
    return preview;
  }

  getState = (): PreviewState => this.#state;

  /** Called after every change; returns the unsubscribe function. */
  subscribe = (listener: (state: PreviewState) => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(patch: Partial<PreviewState>): void {
    if (this.#closed) return;
    this.#state = { ...this.#state, ...patch };
    for (const listener of [...this.#listeners]) listener(this.#state);
  }

  #setTrack(kind: MediaKind, patch: Partial<TrackState>): void {
    this.#set({ [kind]: { ...this.#state[kind], ...patch } } as Partial<PreviewState>);
  }

  async refreshDevices(): Promise<void> {
    let list: MediaDeviceInfo[];
    try {
      list = await this.#deps.mediaDevices.enumerateDevices();
    } catch {
      return;
    }
    const devices = groupDevices(list, this.#deps.fallbackLabel);
    const { selected } = this.#state;
    this.#set({
      devices,
      selected: {
        camera: pickDevice(devices.cameras, selected.camera),
        microphone: pickDevice(devices.microphones, selected.microphone),
        speaker: pickDevice(devices.speakers, selected.speaker),
      },
    });
  }

  async #permission(kind: MediaKind): Promise<PermissionStateLike> {
    try {
      const status = await this.#deps.permissions?.query({
        name: kind as PermissionName,
      });
      return status?.state ?? null;
    } catch {
      return null;
    }
  }

  /** Turns the camera or microphone on (opening the selected device) or off. */
  async setEnabled(kind: MediaKind, on: boolean): Promise<void> {
    if (on) await this.#open(kind);
    else this.#release(kind, null);
  }

  toggle(kind: MediaKind): Promise<void> {
    const track = this.#state[kind];
    return this.setEnabled(kind, !(track.on || track.pending));
  }

  #release(kind: MediaKind, error: DeviceErrorKind | null): void {
    this.#attempt[kind] += 1;
    stopStream(this.#state[kind].stream);
    this.#setTrack(kind, { on: false, pending: false, stream: null, error });
  }

  async #open(kind: MediaKind): Promise<void> {
    const attempt = ++this.#attempt[kind];
    // A device can refuse a second open while the first is live: close the old track first.
    stopStream(this.#state[kind].stream);
    this.#setTrack(kind, { pending: true, error: null, stream: null, on: false });
    const deviceId = this.#state.selected[kind];
    const device: MediaTrackConstraints = deviceId ? { deviceId: { exact: deviceId } } : {};
    const constraints: MediaStreamConstraints =
      kind === 'camera'
        ? { video: { ...VIDEO_CONSTRAINTS, ...device }, audio: false }
        : {
            audio: { echoCancellation: true, noiseSuppression: true, ...device },
            video: false,
          };
    let stream: MediaStream;
    try {
      stream = await this.#deps.mediaDevices.getUserMedia(constraints);
    } catch (error) {
      const permission = await this.#permission(kind);
      if (attempt !== this.#attempt[kind]) return;
      this.#setTrack(kind, {
        pending: false,
        on: false,
        error: classifyMediaError(error, permission),
      });
      return;
    }
    if (this.#closed || attempt !== this.#attempt[kind]) {
      stopStream(stream);
      return;
    }
    const track = stream.getTracks()[0];
    // Unplugging the device ends the track: show it off, not frozen.
    track?.addEventListener('ended', () => {
      if (this.#state[kind].stream === stream) this.#release(kind, 'not_found');
    });
    const actual = track?.getSettings().deviceId ?? deviceId;
    this.#setTrack(kind, { pending: false, on: true, error: null, stream });
    // Labels appear once a device was granted; the chosen entry follows the real device.
    await this.refreshDevices();
    if (actual && this.#state.selected[kind] !== actual) {
      this.#set({ selected: { ...this.#state.selected, [kind]: actual } });
    }
  }

  /** Chooses a device; an open camera or microphone switches to it at once. */
  async select(choice: DeviceChoice, deviceId: string): Promise<void> {
    this.#set({ selected: { ...this.#state.selected, [choice]: deviceId } });
    if (choice === 'speaker') return;
    const track = this.#state[choice];
    if (track.on || track.pending) await this.#open(choice);
  }

  /** Stops every track and listener. Safe to call more than once. */
  close(): void {
    if (this.#closed) return;
    this.#release('camera', null);
    this.#release('microphone', null);
    this.#closed = true;
    this.#deps.mediaDevices.removeEventListener('devicechange', this.#onDeviceChange);
    this.#listeners.clear();
  }
}
