export { livePlaybackRequest } from '@podium/protocol';
