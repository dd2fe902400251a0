import type { FastifyInstance } from 'fastify';
import type { Services } from '../services/index.ts';
import { accountRoutes } from './account/index.ts';
import { devRoutes } from './dev/index.ts';
import { eventRoutes } from './events/index.ts';
import { signalRoutes } from './signal/index.ts';
import { storageRoutes } from './storage/index.ts';
import { socialSignInHttp } from './social-signin/index.ts';
import { domainHttp } from './domain/index.ts';
import { enterpriseHttp } from './enterprise/index.ts';
import { notificationsRoutes } from './notifications/index.ts';
import { callConfigRoutes } from './config/index.ts';
import { loggerRoutes } from './logger/index.ts';
import { walletRoutes } from './wallet/index.ts';
import { giftRoutes } from './gifts/index.ts';
import { qrCallRoutes } from './qr-calls/index.ts';
import { liveRoutes } from './live/index.ts';
import { recordingRoutes } from './recordings/index.ts';
import { streamServerRoutes } from './streaming/index.ts';
import { drawingRoutes } from './drawings/index.ts';
import { studioRoutes } from './studio/index.ts';

/** Every REST route module; each registers its endpoints through `route()`. */
export const routeModules: Array<(app: FastifyInstance, services: Services) => void> = [
  accountRoutes,
  devRoutes,
  eventRoutes,
  signalRoutes,
  storageRoutes,
  callConfigRoutes,
  loggerRoutes,
  walletRoutes,
  giftRoutes,
  notificationsRoutes,
  qrCallRoutes,
  socialSignInHttp,
  domainHttp,
  enterpriseHttp,
  streamServerRoutes,
  recordingRoutes,
  liveRoutes,
  studioRoutes,
  drawingRoutes,
  // Append new modules above; this comment keeps the list one per line for merges.
];
