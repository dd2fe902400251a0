import { useEffect, useSyncExternalStore } from 'react';
import { Badge } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay, IconPlayerRecord } from '@tabler/icons-react';
import { TOAST_MS } from '@podium/protocol';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { readSlice } from '../../store.ts';
import { selfOf } from '../../state/roomState.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';
import {
  RECORDING_BUSY,
  pauseRecording,
  resumeRecording,
  startRecording,
  stopRecording,
} from './actions.ts';
import { formatClock, isRecording, recordedAt, recordingSlice } from './state.ts';

/** Hosts and co-hosts record; end-to-end rooms are never recorded by the server. */
function useCanRecord(): boolean {
  const role = useRoomState((s) => selfOf(s.room)?.role);
  const mode = useRoomState((s) => s.room.mode);
  return (role === 'host' || role === 'co-host') && mode !== 'endtoend';
}

/** "Record": pressed while the room is recorded; a click starts or stops. */
function RecordToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const recording = useRoomState((s) => readSlice(s, recordingSlice).recording);
  const busy = useRoomState((s) => Boolean(s.busy[RECORDING_BUSY]));
  if (!useCanRecord()) return null;
  const on = isRecording(recording);
  return (
    <ControlToggle
      label={t('recording.control.record')}
      tip={on ? t('recording.control.stop') : t('recording.control.start')}
      pressed={on}
      danger={on}
      pending={busy || recording.state === 'starting' || recording.state === 'stopping'}
      onClick={() => void (on ? stopRecording(session) : startRecording(session))}
    >
      <IconPlayerRecord aria-hidden />
    </ControlToggle>
  );
}

/** "Pause recording": shown while recording; pressed while paused; a click pauses or resumes. */
function PauseToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const state = useRoomState((s) => readSlice(s, recordingSlice).recording.state);
  const busy = useRoomState((s) => Boolean(s.busy[RECORDING_BUSY]));
  const can = useCanRecord();
  if (!can || (state !== 'recording' && state !== 'paused')) return null;
  const paused = state === 'paused';
  return (
    <ControlToggle
      label={t('recording.control.pause')}
      tip={paused ? t('recording.control.resume') : t('recording.control.pauseTip')}
      pressed={paused}
      pending={busy}
      onClick={() => void (paused ? resumeRecording(session) : pauseRecording(session))}
    >
      {paused ? <IconPlayerPlay aria-hidden /> : <IconPlayerPause aria-hidden />}
    </ControlToggle>
  );
}

const CONTROLS = [
  { key: 'recording', element: <RecordToggle /> },
  { key: 'recording-pause', element: <PauseToggle /> },
] as const;

export function useRecordingControls() {
  return CONTROLS;
}

/** A clock in whole seconds for useSyncExternalStore: ticks once a second while subscribed. */
const secondsClock = {
  subscribe: (changed: () => void) => {
    const timer = setInterval(changed, 1000);
    return () => clearInterval(timer);
  },
  now: () => Math.floor(Date.now() / 1000) * 1000,
};
const frozen = { subscribe: () => () => undefined, now: () => 0 };

/** The recorded time, re-rendered once a second while recording. */
function useRecordedClock(): string {
  const recording = useRoomState((s) => readSlice(s, recordingSlice).recording);
  const clock = recording.state === 'recording' ? secondsClock : frozen;
  const now = useSyncExternalStore(clock.subscribe, clock.now);
  return formatClock(recordedAt(recording, now));
}

/** The call header's REC indicator, for everyone while the room is recorded ("Paused" too). */
export function RecordingIndicator() {
  const { t } = useTranslation();
  const recording = useRoomState((s) => readSlice(s, recordingSlice).recording);
  const clock = useRecordedClock();
  if (recording.state === 'starting') {
    return (
      <Badge color="gray" variant="light" role="status">
        {t('recording.indicator.starting')}
      </Badge>
    );
  }
  if (!isRecording(recording)) return null;
  const paused = recording.state === 'paused';
  const label = paused ? t('recording.indicator.pausedLabel') : t('recording.indicator.label');
  return (
    <Badge
      color={paused ? 'gray' : 'red'}
      variant={paused ? 'light' : 'filled'}
      leftSection={<IconPlayerRecord size={12} aria-hidden />}
      role="status"
      aria-label={label}
      data-recording={recording.state}
    >
      {paused ? t('recording.indicator.paused') : t('recording.indicator.rec')} {clock}
    </Badge>
  );
}

/** Hosts and co-hosts: a toast when the server stopped the recording (or could not start it). */
export function RecordingFailureToast() {
  const { t } = useTranslation();
  const failure = useRoomState((s) => readSlice(s, recordingSlice).failure);
  const seq = failure?.seq ?? 0;
  useEffect(() => {
    if (!failure) return;
    const kept = failure.partial ? ` ${t('recording.failure.kept')}` : '';
    notifications.show({
      message: `${t(`recording.failure.${failure.reason}`)}${kept}`,
      color: 'red',
      autoClose: TOAST_MS,
    });
    // Once per failure (seq), whatever else re-renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seq]);
  return null;
}
