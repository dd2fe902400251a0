import type { FeatureColumns } from '../permission-rules.ts';

/**
 * The whiteboard (server feature: realtime/features/whiteboard). Presenters, speakers, co-hosts
 * and the host open and close it for everyone and edit it; the host and co-hosts choose who
 * edits (`whiteboard_manage`): with "everyone" the feature lets every role edit, whatever its
 * cell in `whiteboard_draw` (the protocol's `canEditWhiteboard` is the same rule for the UI;
 * a test keeps both equal). End-to-end encrypted rooms have no server-side board: the feature
 * refuses them with its own message first.
 */
export const whiteboardPermissions: FeatureColumns<
  'whiteboard_open' | 'whiteboard_draw' | 'whiteboard_manage'
> = {
  whiteboard_open: {
    host: true,
    'co-host': true,
    presenter: true,
    speaker: true,
    interpreter: false,
    participant: false,
    guest: false,
  },
  whiteboard_draw: {
    host: true,
    'co-host': true,
    presenter: true,
    speaker: true,
    interpreter: false,
    participant: false,
    guest: false,
  },
  whiteboard_manage: {
    host: true,
    'co-host': true,
    presenter: false,
    speaker: false,
    interpreter: false,
    participant: false,
    guest: false,
  },
};
