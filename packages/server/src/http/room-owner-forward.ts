import { NODE_LINK_HEADER, openNodeLink, signNodeLink } from '../cluster/node-auth.ts';
import type { AuthMode, HandlerContext } from './route.ts';

/** How long the owner node has to answer a forwarded request. */
const FORWARD_TIMEOUT_MS = 10_000;

/**
 * Cluster (issue 16): a request about a live room that only the node running the room can
 * answer (it reads who is in the room, and announces in it) is sent on to that node when this
 * is not it, with the caller's own bearer token, and its answer (status and body) given back as
 * is (true: answered). False when this node should answer itself: REDIS_URL unset, nobody or this node runs the
 * room, the owner cannot be reached, or the request already came from another node (never
 * forwarded twice; SECURITY: only a header signed with the nodes' secret counts as one).
 */
export async function forwardToRoomOwner<M extends AuthMode>(
  ctx: HandlerContext<M>,
  roomId: string,
  path: string,
  body: unknown,
): Promise<boolean> {
  const { cluster, secrets } = ctx.services;
  const leases = cluster.leases;
  if (!leases.shared) return false;
  const key = await secrets.get('join_ticket_key');
  if (openNodeLink(key, ctx.request.headers[NODE_LINK_HEADER], Date.now()) !== null) return false;
  const owner = await leases.owner(roomId);
  if (!owner || owner.nodeId === leases.nodeId || !owner.url) return false;
  let res: Response;
  try {
    res = await fetch(new URL(path, owner.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        [NODE_LINK_HEADER]: signNodeLink(key, ctx.request.ip, Date.now()),
        ...(ctx.token ? { authorization: `Bearer ${ctx.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
  } catch (error) {
    ctx.log.warn({ err: error, roomId, owner: owner.nodeId }, 'room owner not reached');
    return false;
  }
  const text = await res.text();
  ctx.reply.code(res.status);
  const type = res.headers.get('content-type');
  if (type) ctx.reply.header('content-type', type);
  void ctx.reply.send(text);
  return true;
}
