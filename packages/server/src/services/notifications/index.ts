export { NotificationsService } from './service.ts';
export type { NotificationsServiceOptions } from './service.ts';
