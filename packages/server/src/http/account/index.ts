import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { signupRoutes } from './signup.handler.ts';
import { sessionRoutes } from './session.handler.ts';
import { verifyRoutes } from './verify.handler.ts';
import { profileRoutes } from './profile.handler.ts';
import { passwordRoutes } from './password.handler.ts';
import { settingsRoutes } from './settings.handler.ts';

/** Every account endpoint of spec §7 "Account". */
export function accountRoutes(app: FastifyInstance, services: Services): void {
  signupRoutes(app, services);
  sessionRoutes(app, services);
  verifyRoutes(app, services);
  profileRoutes(app, services);
  passwordRoutes(app, services);
  settingsRoutes(app, services);
}
