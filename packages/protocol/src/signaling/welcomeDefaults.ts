import type { ServerEvent } from '../signaling.ts';
import { DEFAULT_STUDIO } from '../api/studio.ts';
import { AUDIENCE_OFF } from './audience.ts';
import { IDLE_RECORDING } from './recording.ts';
import { CLOSED_WHITEBOARD } from './whiteboard.ts';

/**
 * The in-call features' state a browser holds when it is welcomed as a new participant, as the
 * messages that would tell it. One list for both ends (issue 11 item 5):
 * - the server sends a new participant a feature's welcome message only when it differs from
 *   its default here (server `realtime/features/defaults.ts`): in a room where nothing else
 *   happens these were eight messages per join that a bare `ws` room never sends;
 * - the web folds these into its feature slices at such a welcome (`featureState.ts`), so what
 *   the browser showed for an earlier participant of its own goes back to the default.
 * A resume (the same participant on a new socket) is sent every state, defaults included: its
 * browser may hold an older state of the room.
 */
export const WELCOME_DEFAULTS: readonly ServerEvent[] = [
  { type: 'recording_state', recording: IDLE_RECORDING },
  { type: 'audience_state', audience: AUDIENCE_OFF },
  { type: 'audience_chat_history', messages: [] },
  { type: 'studio_state', studio: DEFAULT_STUDIO, by: null },
  { type: 'whiteboard_state', whiteboard: CLOSED_WHITEBOARD },
  { type: 'breakout_state', breakout: null },
  { type: 'camera_shares', shares: [] },
  { type: 'video_state', video: null, now: 0 },
];

/**
 * Fields of those messages that are not state: `video_state.now` is the server's clock when
 * sent (the web estimates its offset from it), so two messages that differ only there tell the
 * same state.
 */
export const WELCOME_CLOCK_FIELDS: ReadonlySet<string> = new Set(['now']);
