import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { callConfigRoute } from './config.handler.ts';

/** Spec §7 "Call config": `POST /config`. */
export function callConfigRoutes(app: FastifyInstance, services: Services): void {
  callConfigRoute(app, services);
}
