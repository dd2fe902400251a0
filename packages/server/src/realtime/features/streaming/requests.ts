import type { ClientMessageOf, StreamDestinationInput } from '@podium/protocol';
import { roomError, type RoomError } from '../../../rooms/index.ts';
import type { FeatureRequestHandler, FeatureRoom } from '../types.ts';
import { checkControl, checkStart, type Destination } from './rules.ts';
import { streamRoomOf } from './slot.ts';

type Target = Pick<Destination, 'name' | 'url' | 'key' | 'serverId'>;

/**
 * Turns the request's destinations into targets: saved ones are looked up in the account of the
 * person asking (a co-host uses their own), every URL's host is checked again (a saved name may
 * resolve elsewhere now). Outside the room's turn: it reads the database and DNS.
 */
async function resolveTargets(
  room: FeatureRoom,
  accountId: string | null,
  inputs: readonly StreamDestinationInput[],
): Promise<Target[] | RoomError> {
  const service = room.deps.streaming;
  if (!service) return roomError('not_allowed', 'stream.unavailable');
  const targets: Target[] = [];
  for (const input of inputs) {
    let target: Target;
    if ('server_id' in input) {
      const saved = accountId ? await service.target(accountId, input.server_id) : null;
      if (!saved) return roomError('target_not_found', 'stream.server_not_found');
      target = { ...saved, serverId: input.server_id };
    } else {
      target = { name: input.name, url: input.url, key: input.key, serverId: null };
    }
    const problem = await service.hostProblem(target.url);
    if (problem) return roomError('not_allowed', problem);
    targets.push(target);
  }
  return targets;
}

/** Hosts and co-hosts: go live to one or more destinations. */
export const streamStart: FeatureRequestHandler<'stream_start'> = async (
  room,
  by,
  request: ClientMessageOf<'stream_start'>,
  answer,
) => {
  const who = await room.turn(() => {
    const refused = checkControl(room.state, by);
    if (refused) return refused;
    if (!room.deps.egress.available) return roomError('not_allowed', 'stream.unavailable');
    const p = room.state.participants.get(by);
    return { accountId: p?.identity.kind === 'account' ? p.identity.accountId : null };
  });
  if ('code' in who) return answer({ ok: false, error: who });
  const targets = await resolveTargets(room, who.accountId, request.destinations);
  if (!Array.isArray(targets)) return answer({ ok: false, error: targets });
  // Checked again in the turn: the person may have lost the right, or someone else started
  // the same destination, while the targets were looked up.
  await room.turn(() => {
    const stream = streamRoomOf(room);
    const refused = checkControl(room.state, by) ?? checkStart(stream.destinations, targets);
    if (refused) return answer({ ok: false, error: refused });
    const ids = stream.start(targets);
    answer({ ok: true, data: { destination_ids: ids } });
  });
};

/** Hosts and co-hosts: stop one destination, or all of them (off the air). */
export const streamStop: FeatureRequestHandler<'stream_stop'> = async (
  room,
  by,
  request,
  answer,
) => {
  const stopping = await room.turn(() => {
    const refused = checkControl(room.state, by);
    if (refused) return refused;
    const stream = streamRoomOf(room);
    const all = stream.destinations.map((d) => d.id);
    if (request.destination_id === undefined) {
      return all.length > 0 ? all : roomError('not_allowed', 'stream.not_streaming');
    }
    return all.includes(request.destination_id)
      ? [request.destination_id]
      : roomError('target_not_found', 'stream.not_streaming');
  });
  if (!Array.isArray(stopping)) return answer({ ok: false, error: stopping });
  answer({ ok: true });
  // The `stopping` state is announced at once; the outputs finish outside the turn.
  await streamRoomOf(room).stop(stopping);
};
