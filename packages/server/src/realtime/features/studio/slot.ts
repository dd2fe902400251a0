import { DEFAULT_STUDIO, type StudioState } from '@podium/protocol';
import { SerialQueue } from '../../../shared/serial-queue.ts';
import type { FeatureSlot } from '../types.ts';

/** The studio of one room run: what everyone's stage shows. */
export class StudioSlot {
  constructor(
    public studio: StudioState,
    /** Who changed it last in this run (null: as stored with the event). */
    public by: string | null = null,
  ) {}
  /** Changes one at a time: each is checked against the one before and stored before it shows. */
  readonly queue = new SerialQueue();
}

export const studioSlot: FeatureSlot<StudioSlot> = {
  name: 'studio',
  open: async (deps, roomId) =>
    new StudioSlot((await deps.studio?.forEvent(roomId)) ?? DEFAULT_STUDIO),
};
