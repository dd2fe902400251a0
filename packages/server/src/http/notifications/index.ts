import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { notificationRoutes } from './messages.handler.ts';

/** Spec §7 "Notifications": the notification center's REST side. */
export function notificationsRoutes(app: FastifyInstance, services: Services): void {
  notificationRoutes(app, services);
}
