import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { enterpriseRoutes } from './enterprise.handler.ts';

/** Spec §7 "Account": the enterprise (organization) endpoints. */
export function enterpriseHttp(app: FastifyInstance, services: Services): void {
  enterpriseRoutes(app, services);
}
