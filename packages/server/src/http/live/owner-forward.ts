import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@podium/protocol';
import type { RoomOwner } from '../../cluster/leases.ts';
import type { Services } from '../../services/index.ts';
import { OWNER_WAITS, type LiveCaller } from '../../services/live/service.ts';
import { liveOffline } from '../../services/live/errors.ts';
import { AppError } from '../../shared/errors.ts';
import type { HandlerContext } from '../route.ts';

/**
 * The watch page's requests of a room another node runs (cluster/README.md "The watch page on
 * any node"): the owner's answer is given back as it is — status, the headers a player and a
 * cache need, the body streamed — or, when the owner is not reached, "off air" (what this node
 * would say of a room it does not run), so players and pages retry as for any gap.
 */

/** The owner's headers that reach the client (its security headers are this node's own). */
const PASSED_HEADERS = [
  'content-type',
  'cache-control',
  'content-length',
  'x-content-type-options',
];

/** Who asks: the client's address and whether it is another node (answered here, not sent on). */
export async function liveCaller(services: Services, request: FastifyRequest): Promise<LiveCaller> {
  const owners = services.roomOwners;
  return {
    address: request.ip,
    fromNode: owners ? await owners.fromNode(request.headers) : false,
  };
}

/**
 * The per-address limit of a live route skips requests another node sent on: that node counted
 * them already, against the client's own address (the limits count across nodes through Redis);
 * here they would all count against that node's address. SECURITY: only a header signed with
 * the nodes' secret counts as another node.
 */
export function fromNodeAllowList(services: Services) {
  return async (request: FastifyRequest): Promise<boolean> =>
    (await services.roomOwners?.fromNode(request.headers)) ?? false;
}

/** The owner's answer to `path` (a GET it serves itself) as this request's answer. */
export async function sendFromOwner(
  ctx: HandlerContext<'none'>,
  owner: RoomOwner,
  path: string,
): Promise<unknown> {
  const owners = ctx.services.roomOwners;
  if (!owners) throw liveOffline();
  const gone = new AbortController();
  const leave = () => gone.abort();
  ctx.reply.raw.once('close', leave);
  let answer;
  try {
    answer = await owners.fetch(owner, path, {
      address: ctx.request.ip,
      signal: gone.signal,
      ...OWNER_WAITS,
    });
  } catch (error) {
    ctx.reply.raw.off('close', leave);
    ctx.log.warn({ err: error, owner: owner.nodeId }, 'room owner not reached for the watch page');
    throw liveOffline();
  }
  const { response, release } = answer;
  const done = () => {
    release();
    ctx.reply.raw.off('close', leave);
  };
  if (response.status !== 200) {
    // The owner refused (token, off air, not found): the same error, in this node's answer.
    try {
      throw await ownerError(response);
    } finally {
      done();
    }
  }
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) ctx.reply.header(name, value);
  }
  if (!response.body) {
    done();
    return '';
  }
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  body.once('close', done);
  return body;
}

/** The owner's error answer `{ error: { code, message, key? } }` as an AppError. */
async function ownerError(response: Response): Promise<AppError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: the status alone.
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; key?: unknown } } | null)
    ?.error;
  const text = (value: unknown, fallback: string) =>
    typeof value === 'string' && value.length <= 500 ? value : fallback;
  if (response.status >= 500 || !error) return liveOffline();
  return new AppError(
    response.status,
    text(error.code, ErrorCode.BadRequest),
    text(error.message, 'Request refused'),
    typeof error.key === 'string' ? { key: error.key } : {},
  );
}
