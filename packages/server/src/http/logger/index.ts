import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { clientLogRoute } from './log.handler.ts';

/** Spec §7 "Logger": `POST /v1/log`. */
export function loggerRoutes(app: FastifyInstance, services: Services): void {
  clientLogRoute(app, services);
}
