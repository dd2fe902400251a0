import { lazy, Suspense } from 'react';
import type { InCallFeature } from '../inCallFeature.ts';
import { AUDIENCE_CHAT_PANEL, useAudienceChatControls } from './AudienceChatToggle.tsx';
import { audienceChatSlice } from './chatState.ts';

// Loaded when first opened: most calls never show it (first-load budget, .size-limit.mjs).
const Panel = lazy(() =>
  import('./AudienceChatPanel.tsx').then((m) => ({ default: m.AudienceChatPanel })),
);

function AudienceChatPanel(props: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

/**
 * The event's audience chat in the call (issue 12 item 4): the lines viewers of the watch page
 * write, in a panel of their own beside the room's chat; the stage (hosts, co-hosts, presenters,
 * speakers) answers there and the watch page shows the answers marked "Stage".
 */
export const audienceChatFeature: InCallFeature = {
  id: AUDIENCE_CHAT_PANEL,
  slice: audienceChatSlice,
  useControls: useAudienceChatControls,
  panel: { Component: AudienceChatPanel },
};
