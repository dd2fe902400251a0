import type { RecordingFailure, ServerMessageOf } from '@podium/protocol';
import type { EgressFailure, EgressOutputStatus } from '../../room-egress.ts';
import { RoomClosedError } from '../../room-types.ts';
import type { FeatureRoom } from '../types.ts';
import { IDLE, recordedMs, started, stopping, type RecordingRun } from './rules.ts';
import { recordingSlot, type ActiveRecording, type RecordingSlot } from './slot.ts';

/**
 * The recording's effects: the egress file output (opened, paused, removed) and the library
 * entry (begun, finished), and what the room hears of them. Every function here runs in the
 * slot's queue, so two of them never interleave across an await.
 */

/** How long a crashed egress may take to finalise the part it wrote. */
const FINALISE_WAIT_MS = 30_000;

export const slotOf = (room: FeatureRoom): RecordingSlot => room.local(recordingSlot);

/** Sets the run and tells everyone (in the room's turn; a closed room has nobody to tell). */
export function announce(room: FeatureRoom, slot: RecordingSlot, run: RecordingRun): void {
  slot.run = run;
  const message = { type: 'recording_state' as const, recording: run };
  room
    .turn(() => room.deliver([{ to: { to: 'everyone' }, message }]))
    .catch((error: unknown) => {
      if (!(error instanceof RoomClosedError))
        room.log.warn({ err: error }, 'recording not announced');
    });
}

/**
 * Begins the recording `slot.run` announces as starting (for participant `by`): the library
 * entry, then the egress file output. Answers false when it could not start (the moderators were
 * told, and the room is back to idle).
 */
export async function startRecording(
  room: FeatureRoom,
  slot: RecordingSlot,
  by: { id: string; identity: string },
): Promise<boolean> {
  const library = room.deps.recordings;
  const now = slot.run.started_at ?? Date.now();
  let begun: { id: string; path: string } | null = null;
  try {
    if (!library) throw new Error('no recordings library');
    begun = await library.begin({ roomId: room.roomId, startedBy: by.identity, startedAt: now });
    const session = await room.deps.egress.open(room.roomId, {
      // Theater rooms are composed at 1080p (issue 12 item 1); every other mode at 720p.
      resolution: room.state.mode === 'theater' ? '1080p' : '720p',
      log: room.log,
    });
    const outputId = `recording-${begun.id}`;
    let endSession = (): void => undefined;
    const sessionEnded = new Promise<void>((resolve) => (endSession = resolve));
    const recordingId = begun.id;
    const offOutput = session.on('output', (status) => onOutput(room, recordingId, status));
    const offEnded = session.on('ended', (reason) => {
      endSession();
      if (reason === 'egress_crashed') void failRecording(room, recordingId, 'egress_crashed');
    });
    const active: ActiveRecording = {
      session,
      outputId,
      recordingId,
      sessionEnded,
      unsubscribe: () => {
        offOutput();
        offEnded();
      },
    };
    slot.active = active;
    await session.addOutput({ id: outputId, kind: 'file', path: begun.path });
  } catch (error) {
    room.log.error({ err: error }, 'recording could not start');
    const active = slot.active;
    slot.active = null;
    if (active) {
      active.unsubscribe();
      await active.session.removeOutput(active.outputId).catch(() => undefined);
    }
    let partial = false;
    if (begun && library) {
      const state = await library
        .finish(begun.id, { failure: 'encoder_failed', durationMs: 0 })
        .catch(() => 'failed' as const);
      partial = state === 'partial';
    }
    announce(room, slot, IDLE);
    tellModerators(room, {
      type: 'recording_failed',
      recording_id: begun?.id ?? null,
      reason: 'start_failed',
      partial,
    });
    return false;
  }
  announce(room, slot, started(slot.run, begun.id, Date.now()));
  return true;
}

/** Hosts and co-hosts hear why the server ended a recording. */
function tellModerators(room: FeatureRoom, message: ServerMessageOf<'recording_failed'>): void {
  room.turn(() => room.deliver([{ to: { to: 'moderators' }, message }])).catch(() => undefined);
}

/**
 * Stops the running recording (a host's stop at `at`, or the room ending) and finalises its
 * file, cut at `at`.
 */
export async function stopRecording(
  room: FeatureRoom,
  slot: RecordingSlot,
  at = Date.now(),
): Promise<void> {
  const active = slot.active;
  if (!active) return;
  announce(room, slot, stopping(slot.run, at));
  slot.active = null;
  active.unsubscribe();
  let status: EgressOutputStatus | null = null;
  let failure: RecordingFailure | null = null;
  try {
    status = await active.session.removeOutput(active.outputId, at);
  } catch (error) {
    room.log.error({ err: error }, 'recording could not be finalised');
    failure = 'encoder_failed';
  }
  await finishEntry(room, slot, active, failure, status);
  announce(room, slot, IDLE);
}

function onOutput(room: FeatureRoom, recordingId: string, status: EgressOutputStatus): void {
  if (status.state !== 'failed') return;
  void failRecording(room, recordingId, failureOf(status.failure));
}

/**
 * The server stopped the recording (disk full, encoder failure, egress crash): keep what was
 * written (partial) or mark it failed, and tell the host and co-hosts.
 */
function failRecording(
  room: FeatureRoom,
  recordingId: string,
  failure: RecordingFailure,
): Promise<void> {
  const slot = slotOf(room);
  return slot.queue
    .run(async () => {
      const active = slot.active;
      // Already stopped, or another recording by now.
      if (!active || active.recordingId !== recordingId) return;
      slot.active = null;
      active.unsubscribe();
      room.log.warn({ failure, recordingId }, 'recording stopped by a failure');
      if (failure === 'egress_crashed') {
        // The egress finalises what the file output wrote on its way out.
        await Promise.race([active.sessionEnded, delay(FINALISE_WAIT_MS)]);
      } else {
        await active.session.removeOutput(active.outputId).catch(() => undefined);
      }
      const state = await finishEntry(room, slot, active, failure, null);
      announce(room, slot, IDLE);
      tellModerators(room, {
        type: 'recording_failed',
        recording_id: recordingId,
        reason: failure,
        partial: state === 'partial',
      });
    })
    .catch((error: unknown) => {
      room.log.error({ err: error }, 'recording failure could not be recorded');
    });
}

async function finishEntry(
  room: FeatureRoom,
  slot: RecordingSlot,
  active: ActiveRecording,
  failure: RecordingFailure | null,
  status: EgressOutputStatus | null,
) {
  const durationMs = status?.durationMs ?? recordedMs(slot.run, Date.now());
  const library = room.deps.recordings;
  if (!library) return 'failed' as const;
  return library.finish(active.recordingId, { failure, durationMs });
}

function failureOf(failure: EgressFailure | undefined): RecordingFailure {
  return failure === 'disk_full' || failure === 'egress_crashed' ? failure : 'encoder_failed';
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });
