import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { studioDefaultsRoutes } from './defaults.handler.ts';
import { studioImageRoutes } from './images.handler.ts';

/** The studio (issue 13): account defaults and studio images. */
export function studioRoutes(app: FastifyInstance, services: Services): void {
  studioDefaultsRoutes(app, services);
  studioImageRoutes(app, services);
}
