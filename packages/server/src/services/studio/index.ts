export { StudioService, type StudioServiceOptions } from './service.ts';
export { copyDefaultsToEvent } from './repository.ts';
