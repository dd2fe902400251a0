// The egress: a room's stage composed once (recorder page in headless Chromium) and encoded by
// ffmpeg to every output (file, RTMP, HLS). See README.md.
export { EgressSupervisor, RESOLUTIONS } from './supervisor.ts';
export type { EgressSupervisorOptions } from './supervisor.ts';
export { startEgressRuntime } from './runtime.ts';
export { finaliseFile, segmentsDir } from './finalise.ts';
