import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { signalAuthRoutes } from './auth.handler.ts';

/** Spec §7 "Signal": the REST side of the live room (the socket itself is in src/realtime). */
export function signalRoutes(app: FastifyInstance, services: Services): void {
  signalAuthRoutes(app, services);
}
