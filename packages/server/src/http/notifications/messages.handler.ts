import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import {
  countNotificationsRequest,
  deleteNotificationsRequest,
  listNotificationsRequest,
  updateReadStatusRequest,
} from './messages.schema.ts';

/**
 * Spec §7 Notifications (all with the token). Ids of other accounts are skipped silently: the
 * answer's `updated` counts only the caller's own notifications, so nothing tells whether a
 * foreign id exists.
 */
export function notificationRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.notifications.list,
    auth: 'required',
    input: listNotificationsRequest,
    handler: ({ ctx, input }) => ctx.services.notifications.list(ctx.account.id, input),
  });
  route(app, services, {
    method: 'GET',
    url: apiPaths.notifications.count,
    auth: 'required',
    input: countNotificationsRequest,
    handler: ({ ctx, input }) => ctx.services.notifications.count(ctx.account.id, input.is_read),
  });
  route(app, services, {
    method: 'POST',
    url: apiPaths.notifications.updateReadStatus,
    auth: 'required',
    input: updateReadStatusRequest,
    handler: ({ ctx, input }) => ctx.services.notifications.updateReadStatus(ctx.account.id, input),
  });
  route(app, services, {
    method: 'POST',
    url: apiPaths.notifications.delete,
    auth: 'required',
    input: deleteNotificationsRequest,
    handler: ({ ctx, input }) => ctx.services.notifications.delete(ctx.account.id, input.ids),
  });
}
