export { StreamingService, type StreamTarget, type StreamingServiceOptions } from './service.ts';
export { streamHostProblem } from './host-check.ts';
