import { useEffect, useRef } from 'react';
import {
  ActionIcon,
  Alert,
  AspectRatio,
  Box,
  Center,
  Group,
  NativeSelect,
  Stack,
  Text,
} from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff, IconVideo, IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { deviceErrorKey, type MediaKind } from '../../shared/media/errors.ts';
import { startLevelMeter } from '../../shared/media/levelMeter.ts';
import { DeferredTooltip } from '../../shared/ui/DeferredTooltip.tsx';
import type { DeviceOption } from '../../shared/media/devices.ts';
import { LazyBackgroundPicker } from '../virtualBackground/LazyBackgroundPicker.tsx';
import { useFilteredCamera } from '../virtualBackground/useBackgroundProcessor.ts';
import type { PreJoinMedia } from './usePreJoinMedia.ts';

/** The local camera, mirrored as people expect to see themselves. */
function CameraPreview({ stream, name }: { stream: MediaStream | null; name: string }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = stream;
    if (stream) void element.play().catch(() => undefined);
    return () => {
      element.srcObject = null;
    };
  }, [stream]);
  return (
    <AspectRatio ratio={16 / 9}>
      <Box bg="dark.7" style={{ borderRadius: 12, overflow: 'hidden' }}>
        {stream ? (
          <video
            ref={video}
            aria-label={t('join.media.preview')}
            autoPlay
            playsInline
            muted
            style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
          />
        ) : (
          <Center h="100%">
            <Stack align="center" gap={4}>
              <Text size="xl" fw={700} c="gray.3" aria-hidden>
                {name.trim().charAt(0).toUpperCase() || '?'}
              </Text>
              <Text c="gray.4" size="sm">
                {t('join.media.cameraOff')}
              </Text>
            </Stack>
          </Center>
        )}
      </Box>
    </AspectRatio>
  );
}

/**
 * The microphone level as a meter. It updates the DOM directly each frame rather than through
 * React state, so a 60 Hz meter does not re-render the page; aria-valuenow is rounded to steps
 * of ten so assistive technology is not flooded. The bar is scaled (a transform the compositor
 * animates) and written only when its percent changes: its width, transitioned, made the page
 * recompute its style and layout on every frame, also while the person was joining (issue 11).
 */
function MicMeter({ stream }: { stream: MediaStream | null }) {
  const { t } = useTranslation();
  const meter = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let shown = -1;
    let announced = -1;
    const set = (level: number) => {
      const percent = Math.round(level * 100);
      if (percent !== shown && bar.current)
        bar.current.style.transform = `scaleX(${percent / 100})`;
      shown = percent;
      const step = Math.round(level * 10) * 10;
      if (step !== announced) meter.current?.setAttribute('aria-valuenow', String(step));
      announced = step;
    };
    set(0);
    if (!stream) return;
    let stop: (() => void) | null = null;
    try {
      stop = startLevelMeter(stream, set);
    } catch {
      // Without WebAudio the meter stays at 0; the microphone itself still works.
    }
    return () => {
      stop?.();
      set(0);
    };
  }, [stream]);
  return (
    <div
      ref={meter}
      role="meter"
      aria-label={t('join.media.micLevel')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={0}
      style={{
        flex: 1,
        height: 8,
        borderRadius: 4,
        background: 'var(--mantine-color-default-border)',
        overflow: 'hidden',
      }}
    >
      <div
        ref={bar}
        style={{
          height: '100%',
          background: 'var(--mantine-color-green-6)',
          transform: 'scaleX(0)',
          transformOrigin: 'left',
          transition: 'transform 60ms linear',
        }}
      />
    </div>
  );
}

function ToggleButton({ kind, media }: { kind: MediaKind; media: PreJoinMedia }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const track = media.state[kind];
  const on = track.on;
  const Icon =
    kind === 'camera' ? (on ? IconVideo : IconVideoOff) : on ? IconMicrophone : IconMicrophoneOff;
  const label =
    kind === 'camera'
      ? t(on ? 'join.media.turnOffCamera' : 'join.media.turnOnCamera')
      : t(on ? 'join.media.turnOffMicrophone' : 'join.media.turnOnMicrophone');
  return (
    <>
      <ActionIcon
        ref={button}
        size={48}
        radius="xl"
        variant={on ? 'filled' : 'light'}
        color={on ? undefined : 'gray'}
        aria-label={label}
        aria-pressed={on}
        loading={track.pending}
        disabled={!media.supported || !media.ready}
        onClick={() => media.toggle(kind)}
      >
        <Icon size={22} aria-hidden />
      </ActionIcon>
      <DeferredTooltip label={label} target={button} />
    </>
  );
}

function DeviceSelect({
  label,
  options,
  value,
  disabled,
  onChange,
}: {
  label: string;
  options: DeviceOption[];
  value: string | null;
  disabled: boolean;
  onChange: (deviceId: string) => void;
}) {
  const { t } = useTranslation();
  const data = options.length
    ? options.map((o) => ({ value: o.deviceId, label: o.label }))
    : [{ value: '', label: t('join.media.noDevice') }];
  return (
    <NativeSelect
      label={label}
      data={data}
      value={value ?? ''}
      disabled={disabled || options.length === 0}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** Camera preview, mic meter, on/off toggles, device choice and device errors. */
export function MediaPreview({ media, name }: { media: PreJoinMedia; name: string }) {
  const { t } = useTranslation();
  const { state } = media;
  const errors = (['camera', 'microphone'] as const).filter((kind) => state[kind].error);
  // With a virtual background on, the preview shows the camera as it will be sent.
  const camera = useFilteredCamera(state.camera.stream);
  return (
    <Stack gap="sm">
      <CameraPreview stream={camera} name={name} />
      <Group gap="sm" wrap="nowrap">
        <ToggleButton kind="microphone" media={media} />
        <ToggleButton kind="camera" media={media} />
        <MicMeter stream={state.microphone.stream} />
      </Group>
      {errors.map((kind) => (
        <Alert key={kind} role="alert" color="orange" variant="light">
          {t(deviceErrorKey(state[kind].error ?? 'unknown', kind))}
        </Alert>
      ))}
      {!state.camera.on && !state.microphone.on && !errors.length ? (
        <Text size="sm" c="dimmed">
          {t('join.prejoin.mediaOffNote')}
        </Text>
      ) : null}
      <Stack gap="xs" component="section" aria-label={t('join.media.settings')}>
        <DeviceSelect
          label={t('join.media.camera')}
          options={state.devices.cameras}
          value={state.selected.camera}
          disabled={!media.ready}
          onChange={(id) => media.select('camera', id)}
        />
        <DeviceSelect
          label={t('join.media.microphone')}
          options={state.devices.microphones}
          value={state.selected.microphone}
          disabled={!media.ready}
          onChange={(id) => media.select('microphone', id)}
        />
        {media.canPickSpeaker ? (
          <DeviceSelect
            label={t('join.media.speaker')}
            options={state.devices.speakers}
            value={state.selected.speaker}
            disabled={!media.ready}
            onChange={(id) => media.select('speaker', id)}
          />
        ) : null}
      </Stack>
      <Stack gap="xs" component="section" aria-label={t('virtualBackground.title')}>
        <Text size="sm" fw={500}>
          {t('virtualBackground.title')}
        </Text>
        <LazyBackgroundPicker disabled={!media.supported} />
      </Stack>
    </Stack>
  );
}
