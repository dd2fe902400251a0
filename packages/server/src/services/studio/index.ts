export { StudioService, type StudioServiceOptions } from './service.ts';
