import { describe, expect, it } from 'vitest';
import {
  IDLE,
  paused,
  recordedMs,
  refusal,
  resumed,
  started,
  starting,
  stopping,
  type RecordingAsker,
  type RecordingRun,
} from './rules.ts';

const host: RecordingAsker = {
  role: 'host',
  signedIn: true,
  mode: 'conference',
  egressAvailable: true,
};
const host2 = { id: 'p1', name: 'Hà' };

const recording = (): RecordingRun => started(starting(host2, 1_000), 'rec1', 2_000);

describe('recording rules', () => {
  it('lets hosts and co-hosts record, in every mode but endtoend', () => {
    for (const mode of ['meeting', 'conference', 'theater', 'livestream'] as const) {
      expect(refusal(IDLE, 'start', { ...host, mode })).toBeNull();
      expect(refusal(IDLE, 'start', { ...host, role: 'co-host', mode })).toBeNull();
    }
  });

  it('refuses presenters and everyone else with the spec permission message', () => {
    for (const role of ['presenter', 'speaker', 'interpreter', 'participant', 'guest'] as const) {
      for (const command of ['start', 'pause', 'resume', 'stop'] as const) {
        expect(refusal(recording(), command, { ...host, role })).toMatchObject({
          code: 'permission',
          key: 'errors.permission',
          message: 'You do not have permission to perform this function',
        });
      }
    }
  });

  it('refuses end-to-end encrypted rooms clearly, even for the host', () => {
    expect(refusal(IDLE, 'start', { ...host, mode: 'endtoend' })).toMatchObject({
      code: 'not_allowed',
      key: 'recording.endtoend',
    });
  });

  it('refuses to start without an egress, and someone who left', () => {
    expect(refusal(IDLE, 'start', { ...host, egressAvailable: false })?.key).toBe(
      'recording.unavailable',
    );
    expect(refusal(IDLE, 'start', { ...host, role: null })?.key).toBe('room.not_in_room');
  });

  it('refuses starting twice, pausing when not recording, resuming when not paused', () => {
    expect(refusal(recording(), 'start', host)?.key).toBe('recording.already_started');
    expect(refusal(starting(host2, 1), 'start', host)?.key).toBe('recording.already_started');
    expect(refusal(IDLE, 'pause', host)?.key).toBe('recording.not_recording');
    expect(refusal(paused(recording(), 3_000), 'pause', host)?.key).toBe('recording.not_recording');
    expect(refusal(recording(), 'resume', host)?.key).toBe('recording.not_paused');
    expect(refusal(IDLE, 'resume', host)?.key).toBe('recording.not_paused');
    expect(refusal(IDLE, 'stop', host)?.key).toBe('recording.not_recording');
    expect(refusal(starting(host2, 1), 'stop', host)?.key).toBe('recording.not_recording');
  });

  it('allows pause when recording, resume when paused, stop from either', () => {
    const run = recording();
    expect(refusal(run, 'pause', host)).toBeNull();
    expect(refusal(run, 'stop', host)).toBeNull();
    const p = paused(run, 3_000);
    expect(refusal(p, 'resume', host)).toBeNull();
    expect(refusal(p, 'stop', host)).toBeNull();
  });

  it('counts recorded time without the paused parts', () => {
    let run = recording(); // running since 2 000
    expect(recordedMs(run, 12_000)).toBe(10_000);
    run = paused(run, 12_000);
    expect(run).toMatchObject({ state: 'paused', recorded_ms: 10_000, running_since: null });
    expect(recordedMs(run, 17_000)).toBe(10_000);
    run = resumed(run, 17_000);
    expect(recordedMs(run, 22_000)).toBe(15_000);
    run = stopping(run, 22_000);
    expect(run).toMatchObject({ state: 'stopping', recorded_ms: 15_000, running_since: null });
    expect(run.by_name).toBe('Hà');
    expect(run.recording_id).toBe('rec1');
  });
});
