import type { StudioMessageKey, StudioState } from '@podium/protocol';

/** What the studio feature needs of the stored studios (services/studio). */
export interface StudioStore {
  /** The event's studio as stored (or its defaults). */
  forEvent(roomId: string): Promise<StudioState>;
  saveForEvent(roomId: string, studio: StudioState): Promise<void>;
  /** A client's studio checked (shape, and the images it names that `previous` did not). */
  check(
    input: unknown,
    previous: StudioState,
  ): Promise<
    { ok: true; studio: StudioState } | { ok: false; key: StudioMessageKey; field: string }
  >;
}
