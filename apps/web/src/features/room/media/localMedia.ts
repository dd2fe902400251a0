import { EMPTY_DEVICES } from '../../../shared/media/devices.ts';
import type { PreviewState } from '../../../shared/media/localPreview.ts';
import type { NetworkQuality } from './networkQuality.ts';
import type { PublisherState } from './Publisher.ts';

/** Whether the server can carry media at all ('unknown' until the first media request). */
export type MediaAvailability = 'unknown' | 'available' | 'unavailable';

export type ScreenShareError = 'denied' | 'unsupported' | 'unknown';

export interface ScreenShareState {
  on: boolean;
  pending: boolean;
  error: ScreenShareError | null;
  stream: MediaStream | null;
}

/** This browser's media in the room, as the UI shows it. */
export interface LocalMediaState {
  /** WebRTC and getUserMedia exist (spec §8 'device does not support calling'). */
  supported: boolean;
  /** Microphone and camera (the pre-join LocalPreview, reused): on/pending/error, streams, devices. */
  devices: PreviewState;
  screen: ScreenShareState;
  availability: MediaAvailability;
  /** The camera publisher's connection, null while nothing is published. */
  publishing: PublisherState | null;
  network: NetworkQuality | null;
  /** Participant id of the active speaker. */
  activeSpeaker: string | null;
  /** Received streams by feed id. */
  remote: Readonly<Record<string, MediaStream>>;
  /**
   * The subscriber connection answered its first offer: joining, the call view waits for this
   * (ui/callViewGate.ts) so its first render does not hold up the subscription.
   */
  subscriberAnswered: boolean;
}

const OFF = { on: false, pending: false, error: null, stream: null } as const;

export const INITIAL_MEDIA: LocalMediaState = {
  supported: true,
  devices: {
    camera: OFF,
    microphone: OFF,
    devices: EMPTY_DEVICES,
    selected: { camera: null, microphone: null, speaker: null },
  },
  screen: OFF,
  availability: 'unknown',
  publishing: null,
  network: null,
  activeSpeaker: null,
  remote: {},
  subscriberAnswered: false,
};
