import { z } from 'zod';
import { participantId, request } from './common.ts';

/**
 * Interpretation channels: a host makes someone an interpreter into a language channel; each
 * listener chooses "Original" (null) or one channel and receives only that channel's
 * interpreters (`feeds`).
 */

export const INTERPRETER_CHANNEL_MAX = 32;

const channel = z.string().trim().min(1).max(INTERPRETER_CHANNEL_MAX).nullable();

export const interpretationRequests = {
  set_interpreter: request('set_interpreter', { participant_id: participantId, channel }),
  /**
   * A listener picks the interpretation channel they hear (null: "Original"). The server then
   * routes only that channel's interpreters to them (`feeds`); every other interpreter's feed is
   * withheld. Refused with `room.no_interpreter` when nobody interprets into that channel.
   */
  choose_channel: request('choose_channel', { channel }),
} as const;
