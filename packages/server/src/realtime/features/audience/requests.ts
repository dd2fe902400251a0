import { can, roomError, type RoomError, type RoomState } from '../../../rooms/index.ts';
import type { FeatureRequestHandler, FeatureRoom } from '../types.ts';
import type { AudienceOutputs } from './services.ts';
import { AUDIENCE_OUTPUT, audienceFailure, audienceSlot, type AudienceStream } from './stream.ts';

/**
 * Hosts and co-hosts (`audience_stream`), connected, in a room whose media the server may see.
 * End-to-end encrypted rooms are refused with their own message first: the server never sees
 * their pictures, so no permission could make it stream them.
 */
function checkControl(state: RoomState, participantId: string): RoomError | null {
  const p = state.participants.get(participantId);
  if (!p || p.status !== 'connected') return roomError('not_joined', 'room.not_in_room');
  if (state.mode === 'endtoend') return roomError('not_allowed', 'audience.encrypted');
  const ctx = { mode: state.mode, signedIn: p.identity.kind === 'account', grants: p.grants };
  return can(p.role, 'audience_stream', ctx) ? null : roomError('permission', 'errors.permission');
}

/** Hosts and co-hosts: put the room on its watch page. Answers once the start is under way. */
export const audienceStart: FeatureRequestHandler<'audience_start'> = (room, by, _r, answer) =>
  room.turn(() => {
    const refused = checkControl(room.state, by);
    if (refused) return answer({ ok: false, error: refused });
    const outputs = room.deps.audience;
    if (!outputs || !room.deps.egress.available) {
      return answer({ ok: false, error: roomError('media_unavailable', 'audience.unavailable') });
    }
    const stream = room.local(audienceSlot);
    if (stream.view.state !== 'off') {
      return answer({ ok: false, error: roomError('conflict', 'audience.already_on') });
    }
    const generation = ++stream.generation;
    answer({ ok: true, data: { audience: { ...stream.view, state: 'starting', failure: null } } });
    stream.set(room, { state: 'starting', failure: null, viewers: 0 });
    // Outside the turn: launching the composition takes seconds; commands go on meanwhile.
    void start(room, stream, outputs, generation);
  });

async function start(
  room: FeatureRoom,
  stream: AudienceStream,
  outputs: AudienceOutputs,
  generation: number,
): Promise<void> {
  let run: string | null = null;
  try {
    const prepared = await outputs.prepare(room.roomId);
    run = prepared.run;
    const session = await room.deps.egress.open(room.roomId, {
      resolution: room.state.mode === 'theater' ? '1080p' : '720p',
      log: room.log,
    });
    await session.addOutput({ id: AUDIENCE_OUTPUT, kind: 'hls', dir: prepared.dir });
    const onAir = run;
    await room.turn(() => {
      if (stream.generation !== generation) {
        // Stopped while starting: let go of what was just started.
        outputs.offAir(room.roomId, onAir);
        void session.removeOutput(AUDIENCE_OUTPUT).catch(() => undefined);
        return;
      }
      stream.session = session;
      stream.run = onAir;
      outputs.onAir(room.roomId, onAir);
      stream.set(room, { state: 'live', started_at: Date.now() });
      stream.watchViewers(room, () => outputs.viewers(room.roomId));
      watchFailures(room, stream, outputs, session, generation);
    });
  } catch (error) {
    room.log.error({ err: error }, 'audience stream could not start');
    if (run) outputs.offAir(room.roomId, run);
    await room
      .turn(() => {
        if (stream.generation !== generation) return;
        stream.generation += 1;
        stream.set(room, { ...OFF, failure: 'encoder_failed' });
      })
      .catch(() => undefined);
  }
}

const OFF = { state: 'off', viewers: 0, started_at: null } as const;

/** The egress lost the output (encoder, disk, crash): the room hears it is off, and why. */
function watchFailures(
  room: FeatureRoom,
  stream: AudienceStream,
  outputs: AudienceOutputs,
  session: NonNullable<AudienceStream['session']>,
  generation: number,
): void {
  const lost = (failure: ReturnType<typeof audienceFailure>) =>
    room
      .turn(() => {
        if (stream.generation !== generation) return;
        room.log.warn({ failure }, 'audience stream lost');
        stream.generation += 1;
        takeDown(room, stream, outputs);
        stream.set(room, { ...OFF, failure });
      })
      .catch(() => undefined);
  session.on('output', (status) => {
    if (status.outputId === AUDIENCE_OUTPUT && status.state === 'failed') {
      void lost(audienceFailure(status.failure));
    }
  });
  session.on('ended', (reason) => {
    if (reason === 'egress_crashed') void lost('egress_crashed');
  });
}

/** Stops the viewer count and takes the run off air (the output itself is removed by the caller). */
function takeDown(room: FeatureRoom, stream: AudienceStream, outputs: AudienceOutputs): void {
  stream.stopWatching();
  if (stream.run) outputs.offAir(room.roomId, stream.run);
  stream.run = null;
  stream.session = null;
}

/** Hosts and co-hosts: take the room off its watch page. */
export const audienceStop: FeatureRequestHandler<'audience_stop'> = (room, by, _r, answer) =>
  room.turn(async () => {
    const refused = checkControl(room.state, by);
    if (refused) return answer({ ok: false, error: refused });
    const stream = room.local(audienceSlot);
    if (stream.view.state !== 'starting' && stream.view.state !== 'live') {
      return answer({ ok: false, error: roomError('conflict', 'audience.not_on') });
    }
    stream.generation += 1;
    const session = stream.session;
    const outputs = room.deps.audience;
    if (outputs) takeDown(room, stream, outputs);
    answer({ ok: true, data: { audience: { ...stream.view, ...OFF, failure: null } } });
    stream.set(room, { ...OFF, failure: null });
    // The egress finalises in the background; the watch page is already offline.
    if (session) void stopOutput(room, session);
  });

async function stopOutput(
  room: FeatureRoom,
  session: NonNullable<AudienceStream['session']>,
): Promise<void> {
  try {
    await session.removeOutput(AUDIENCE_OUTPUT);
  } catch (error) {
    room.log.warn({ err: error }, 'audience output could not be removed');
  }
}

/** The room run is over: the stream stops with it. */
export async function endAudience(room: FeatureRoom): Promise<void> {
  const stream = room.local(audienceSlot);
  stream.generation += 1;
  const session = stream.session;
  if (room.deps.audience) takeDown(room, stream, room.deps.audience);
  stream.view = { ...stream.view, ...OFF };
  if (session) await stopOutput(room, session);
}
