import type { FastifyInstance } from 'fastify';
import { DRAWING_BODY_LIMIT, apiPaths, type DrawingResponse } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { drawingGetRequest, drawingSaveRequest } from './drawing.schema.ts';

/** /draw's personal board, saved to the signed-in account (guests keep theirs in the browser). */
export function drawingRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.drawing.mine,
    auth: 'required',
    input: drawingGetRequest,
    handler: ({ ctx }): Promise<DrawingResponse> =>
      ctx.services.whiteboards.drawing(ctx.account.id),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.drawing.mine,
    auth: 'required',
    input: drawingSaveRequest,
    // A drawing may be larger than the default 1 MiB body (the whiteboard's bound, as JSON).
    bodyLimit: DRAWING_BODY_LIMIT,
    handler: ({ ctx, input }): Promise<DrawingResponse> =>
      ctx.services.whiteboards.saveDrawing(ctx.account.id, input.elements),
  });
}
