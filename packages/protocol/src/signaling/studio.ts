import { z } from 'zod';
import { studioState } from '../api/studio.ts';
import { event, participantId, request } from './common.ts';

/**
 * The live studio of a room (issue 13; the model is `api/studio.ts`). Hosts and co-hosts send
 * the whole studio with `studio_set` (server-enforced: 'You do not have permission to perform
 * this function' for anyone else); it is checked (`checkStudio`, and the images named by it),
 * stored with the event and announced to everyone with `studio_state` — on every change, after
 * every `welcome` (late joiners, and after a reconnect's resume).
 */
export const studioRequests = {
  /**
   * Replaces the room's studio. The payload is checked by `checkStudio` on the server so a
   * wrong position or font gets its own message rather than a bare `bad_message`.
   */
  studio_set: request('studio_set', { studio: z.record(z.string(), z.unknown()) }),
} as const;

export const studioEvents = {
  /** The room's studio: on every change (with who changed it) and after every `welcome`. */
  studio_state: event('studio_state', {
    studio: studioState,
    /** Who changed it last in this room run (null: as stored with the event). */
    by: participantId.nullable(),
  }),
} as const;

export const studioReplies = {
  studio_set: z.object({ studio: studioState }),
} as const;
