import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { domainRoutes } from './domain.handler.ts';

/** Organization domains: find-domain (spec §7 "Signal") and list.json (spec §4). */
export function domainHttp(app: FastifyInstance, services: Services): void {
  domainRoutes(app, services);
}
