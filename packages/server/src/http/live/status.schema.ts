export { liveStatusQuery } from '@podium/protocol';
