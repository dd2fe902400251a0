import type { AuthMode, HandlerContext } from './route.ts';

/** How long the owner node has to answer a forwarded request. */
const FORWARD_TIMEOUT_MS = 10_000;

/**
 * Cluster (issue 16): a request about a live room that only the node running the room can
 * answer (it reads who is in the room, and announces in it) is sent on to that node when this
 * is not it, with the caller's own bearer token, and its answer (status and body) given back as
 * is (true: answered). False when this node should answer itself: REDIS_URL unset, nobody or this node runs the
 * room, the owner cannot be reached, or the request already came from another node (never
 * forwarded twice; SECURITY: only a header signed with the nodes' secret counts as one —
 * cluster/owner-client.ts).
 */
export async function forwardToRoomOwner<M extends AuthMode>(
  ctx: HandlerContext<M>,
  roomId: string,
  path: string,
  body: unknown,
): Promise<boolean> {
  const owners = ctx.services.roomOwners;
  if (!owners || (await owners.fromNode(ctx.request.headers))) return false;
  const owner = await owners.elsewhere(roomId);
  if (!owner) return false;
  let answer;
  try {
    answer = await owners.fetch(owner, path, {
      address: ctx.request.ip,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(ctx.token ? { authorization: `Bearer ${ctx.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
  } catch (error) {
    ctx.log.warn({ err: error, roomId, owner: owner.nodeId }, 'room owner not reached');
    return false;
  }
  const { response, release } = answer;
  let text: string;
  try {
    text = await response.text();
  } finally {
    release();
  }
  ctx.reply.code(response.status);
  const type = response.headers.get('content-type');
  if (type) ctx.reply.header('content-type', type);
  void ctx.reply.send(text);
  return true;
}
