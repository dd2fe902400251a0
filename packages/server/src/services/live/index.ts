export { LiveService, type HlsAnswer, type LiveServiceDeps } from './service.ts';
