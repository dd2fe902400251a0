import type { InCallFeature } from '../inCallFeature.ts';
import { useStreamingControls } from './GoLiveToggle.tsx';
import { LiveBadge } from './LiveBadge.tsx';
import { StreamingPanel } from './StreamingPanel.tsx';
import { streamingSlice } from './state.ts';

/**
 * Live streaming to RTMP servers (issue 12 item 3): the Go live control and panel for hosts and
 * co-hosts (saved or ad-hoc destinations, per-destination states with the error text, stop one or
 * all), and the LIVE badge in the call header for everyone. State: `stream_state` (state.ts).
 * Saved destinations are managed in Settings (features/streaming).
 */
export const streamingFeature: InCallFeature = {
  id: 'streaming',
  slice: streamingSlice,
  useControls: useStreamingControls,
  panel: { Component: StreamingPanel },
  Header: LiveBadge,
};
