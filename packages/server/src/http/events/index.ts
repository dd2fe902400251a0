import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { aliasRoutes } from './aliases.handler.ts';
import { participantRoutes } from './participants.handler.ts';
import { publicEventRoutes } from './public.handler.ts';

/** Every events endpoint of spec §7 "QR code/conference" and "Participants". */
export function eventRoutes(app: FastifyInstance, services: Services): void {
  aliasRoutes(app, services);
  participantRoutes(app, services);
  publicEventRoutes(app, services);
  // Invitations still on their way are delivered before the mail transport closes.
  app.addHook('onClose', async () => {
    await services.events.drain();
  });
}
