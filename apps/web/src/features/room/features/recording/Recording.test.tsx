import { renderInRoom, testParticipant } from '../../../../test/room.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { IDLE_RECORDING, type Language, type RecordingView } from '@podium/protocol';
import { CallView } from '../../ui/CallView.tsx';
import { recordingSlice } from './state.ts';

afterEach(cleanup);

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const TEXTS = {
  en: { record: 'Record', pause: 'Pause recording', rec: 'REC', paused: 'Paused' },
  vi: { record: 'Ghi hình', pause: 'Tạm dừng ghi hình', rec: 'REC', paused: 'Đã tạm dừng' },
} as const;

const running: RecordingView = {
  state: 'recording',
  recording_id: 'r1',
  started_at: 1_000,
  recorded_ms: 0,
  running_since: Date.now() - 12_000,
  by: 'b',
  by_name: 'Bao',
};

function show(language: Language, role: 'host' | 'co-host' | 'presenter' | 'guest') {
  const self = testParticipant('me', { name: 'Mai', role });
  const other = testParticipant('b', { name: 'Bao', role: role === 'host' ? 'guest' : 'host' });
  const session = renderInRoom(<CallView title="Launch" alias="launch" />, {
    self,
    participants: [self, other],
    language,
  });
  // A running recording's clock counts from `running_since`: twelve seconds ago, at dispatch.
  const state = (recording: RecordingView) =>
    act(() =>
      session.store.getState().dispatch({
        type: 'recording_state',
        recording:
          recording.running_since === null
            ? recording
            : { ...recording, running_since: Date.now() - 12_000 },
      }),
    );
  return { session, state };
}

describe('the recording slice', () => {
  const fold = recordingSlice.reduce!;
  const room = undefined as never;

  it('follows recording_state and counts failures so each shows once', () => {
    let value = fold(recordingSlice.initial, { type: 'recording_state', recording: running }, room);
    expect(value.recording.state).toBe('recording');
    const failed = {
      type: 'recording_failed',
      recording_id: 'r1',
      reason: 'egress_crashed',
      partial: true,
    } as const;
    value = fold(value, failed, room);
    expect(value.failure).toMatchObject({ reason: 'egress_crashed', partial: true, seq: 1 });
    value = fold(value, { type: 'recording_state', recording: IDLE_RECORDING }, room);
    expect(value.recording.state).toBe('idle');
    expect(value.failure?.seq).toBe(1);
    expect(fold(value, failed, room).failure?.seq).toBe(2);
  });
});

describe.each(['en', 'vi'] as const)('recording in the call (%s)', (language) => {
  const text = TEXTS[language];

  it('offers hosts and co-hosts Record, and Pause while recording', { timeout: 30_000 }, () => {
    for (const role of ['host', 'co-host'] as const) {
      const { state } = show(language, role);
      const record = screen.getByRole('button', { name: text.record });
      expect(record.getAttribute('aria-pressed')).toBe('false');
      expect(screen.queryByRole('button', { name: text.pause })).toBeNull();
      state(running);
      expect(record.getAttribute('aria-pressed')).toBe('true');
      const pause = screen.getByRole('button', { name: text.pause });
      expect(pause.getAttribute('aria-pressed')).toBe('false');
      state({ ...running, state: 'paused', recorded_ms: 12_000, running_since: null });
      expect(screen.getByRole('button', { name: text.pause }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      cleanup();
    }
  });

  it('shows everyone the REC indicator with the recorded time, then Paused', () => {
    const { state } = show(language, 'guest');
    expect(screen.queryByRole('button', { name: text.record })).toBeNull();
    expect(screen.queryByText(new RegExp(`^${text.rec}`))).toBeNull();
    state(running);
    expect(screen.getByRole('status', { name: /./ }).textContent).toMatch(
      new RegExp(`${text.rec} 0:1[123]`),
    );
    state({ ...running, state: 'paused', recorded_ms: 12_000, running_since: null });
    expect(screen.getByText(new RegExp(`^${text.paused}`)).textContent).toBe(`${text.paused} 0:12`);
    state(IDLE_RECORDING);
    expect(screen.queryByText(new RegExp(`^${text.paused}`))).toBeNull();
  });

  it('never offers presenters the recording controls', () => {
    show(language, 'presenter');
    expect(screen.queryByRole('button', { name: text.record })).toBeNull();
  });
});
