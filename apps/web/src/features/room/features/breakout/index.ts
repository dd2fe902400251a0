import type { InCallFeature } from '../inCallFeature.ts';
import { BreakoutBadge, BreakoutNotices, useBreakoutControls } from './BreakoutControls.tsx';
import { BreakoutPanel } from './BreakoutPanel.tsx';
import { breakoutSlice } from './state.ts';

/**
 * Breakout rooms (issue 14 item 5): the Breakout rooms control and panel (hosts and co-hosts
 * open, assign, visit, broadcast, close; participants see their room, choose when allowed, ask
 * for help), the room and the time left in the call header, toasts for broadcasts, calls for
 * help and the closing warning. Moving between rooms needs nothing of the media code here: the
 * server sends `feeds` (the new room's added, the old room's removed) and the session
 * subscribes as for any other feed change. Server side: packages/server/src/realtime/features/breakout.
 */
export const breakoutFeature: InCallFeature = {
  id: 'breakout',
  slice: breakoutSlice,
  useControls: useBreakoutControls,
  panel: { Component: BreakoutPanel },
  Header: BreakoutBadge,
  Overlay: BreakoutNotices,
};
