import type { EgressSession } from '../../room-egress.ts';
import { SerialQueue } from '../../../shared/serial-queue.ts';
import type { FeatureSlot } from '../types.ts';
import { IDLE, type RecordingRun } from './rules.ts';

/** The file output being written, while a recording runs. */
export interface ActiveRecording {
  readonly session: EgressSession;
  readonly outputId: string;
  readonly recordingId: string;
  /** Resolves when the egress session ends (closed, or its process died). */
  readonly sessionEnded: Promise<void>;
  readonly unsubscribe: () => void;
}

/** The recording of one room run. */
export class RecordingSlot {
  run: RecordingRun = IDLE;
  active: ActiveRecording | null = null;
  /** A stop for an empty room is queued. */
  stopping = false;
  /** Start, pause, resume, stop and failures, one at a time (they await the egress). */
  readonly queue = new SerialQueue();
}

export const recordingSlot: FeatureSlot<RecordingSlot> = {
  name: 'recording',
  open: () => new RecordingSlot(),
};
