import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { recordingFileRoute } from './file.handler.ts';
import { recordingLinkRoute } from './link.handler.ts';
import { listRecordingsRoute } from './list.handler.ts';
import { removeRecordingRoute } from './remove.handler.ts';

/** The recordings library (issue 12 item 2; protocol api/recordings.ts). */
export function recordingRoutes(app: FastifyInstance, services: Services): void {
  listRecordingsRoute(app, services);
  recordingLinkRoute(app, services);
  recordingFileRoute(app, services);
  removeRecordingRoute(app, services);
}
