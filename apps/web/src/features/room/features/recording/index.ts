import type { InCallFeature } from '../inCallFeature.ts';
import {
  RecordingFailureToast,
  RecordingIndicator,
  useRecordingControls,
} from './RecordingControls.tsx';
import { recordingSlice } from './state.ts';

/**
 * Recording (issue 12 item 2): hosts and co-hosts record, pause, resume and stop (controls bar);
 * everyone sees the REC indicator ("Paused" too) in the call header; hosts and co-hosts are told
 * when the server stopped a recording. The library is /app/recording (features/recordings/).
 */
export const recordingFeature: InCallFeature = {
  id: 'recording',
  slice: recordingSlice,
  useControls: useRecordingControls,
  Header: RecordingIndicator,
  Overlay: RecordingFailureToast,
};
