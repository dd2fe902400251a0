import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { outboxRoutes } from './outbox.handler.ts';

/**
 * Development-only pages. SECURITY: the outbox shows sign-in codes and reset codes, so these
 * routes exist only when config.devTools is on (never with NODE_ENV=production or DEV_TOOLS=0).
 */
export function devRoutes(app: FastifyInstance, services: Services): void {
  if (!services.config.devTools) return;
  outboxRoutes(app, services);
}
