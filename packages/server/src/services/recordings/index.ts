export { RecordingsService } from './service.ts';
export type {
  FileAccess,
  RecordingFile,
  RecordingOutcome,
  RecordingsServiceOptions,
} from './service.ts';
export { parseRange, type RangeAnswer } from './range.ts';
