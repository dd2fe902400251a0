import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { socialSignInRoutes } from './social-signin.handler.ts';

/** Spec §7 "Account": Google and Facebook sign-in, linked accounts. */
export function socialSignInHttp(app: FastifyInstance, services: Services): void {
  socialSignInRoutes(app, services);
}
