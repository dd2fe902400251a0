import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { sendRoutes } from './send.handler.ts';

/**
 * The QR call centre's own endpoint (`POST /1-1/send`). Its agents are managed through the
 * events area's participant endpoints, which hand QR-code aliases to services/qr-calls.
 */
export function qrCallRoutes(app: FastifyInstance, services: Services): void {
  sendRoutes(app, services);
  // Ringing timers and held waits end before the database closes.
  app.addHook('onClose', async () => {
    await services.qrCalls.close();
  });
}
