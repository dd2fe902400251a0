export { StreamingService, type StreamTarget, type StreamingServiceOptions } from './service.ts';
