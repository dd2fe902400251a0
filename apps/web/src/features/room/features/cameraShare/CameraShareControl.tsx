import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCameraPlus, IconPlayerStop } from '@tabler/icons-react';
import { CAMERA_SHARE_MAX, CAMERA_SHARE_NAME_MAX } from '@podium/protocol';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { deviceErrorKey } from '../../../../shared/media/errors.ts';
import type { RoomSession } from '../../session/RoomSession.ts';
import { readSlice } from '../../store.ts';
import { selfOf } from '../../state/roomState.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { CAMERA_SHARE_BUSY, startCameraShare, stopCameraShare } from './actions.ts';
import { cameraShareSlice, type OwnShare } from './state.ts';
import { freeSource, mayShareCamera } from './view.ts';

type Translate = ReturnType<typeof useTranslation>['t'];

/** "Share another camera": pressed while this person shares one; a click opens the dialog. */
function CameraShareToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const allowed = useRoomState((s) => {
    const self = selfOf(s.room);
    return mayShareCamera(self?.role, self?.can_publish.video ?? false);
  });
  const sharing = useRoomState((s) => readSlice(s, cameraShareSlice).own.length > 0);
  const busy = useRoomState((s) => Boolean(s.busy[CAMERA_SHARE_BUSY]));
  if (!allowed) return null;
  return (
    <ControlToggle
      label={t('cameraShare.control')}
      tip={t('cameraShare.tip')}
      pressed={sharing}
      pending={busy}
      onClick={() => openShareDialog(session, t)}
    >
      <IconCameraPlus aria-hidden />
    </ControlToggle>
  );
}

function openShareDialog(session: RoomSession, t: Translate) {
  const id = modals.open({
    title: t('cameraShare.dialogTitle'),
    // Rendered by the app's modal provider, outside the room context: the session comes along.
    children: <ShareForm session={session} t={t} onDone={() => modals.close(id)} />,
  });
}

interface CameraOption {
  value: string;
  label: string;
}

/** The cameras of this device, named (a camera without a label gets "Camera N"). */
function useCameras(t: Translate): CameraOption[] | null {
  const [cameras, setCameras] = useState<CameraOption[] | null>(null);
  useEffect(() => {
    let live = true;
    void navigator.mediaDevices
      ?.enumerateDevices()
      .then((devices) => {
        if (!live) return;
        const inputs = devices.filter((d) => d.kind === 'videoinput' && d.deviceId !== '');
        setCameras(
          inputs.map((d, i) => ({
            value: d.deviceId,
            label: d.label || t('cameraShare.fallbackCamera', { n: i + 1 }),
          })),
        );
      })
      .catch(() => live && setCameras([]));
    return () => {
      live = false;
    };
  }, [t]);
  return cameras;
}

function ShareForm({
  session,
  t,
  onDone,
}: {
  session: RoomSession;
  t: Translate;
  onDone: () => void;
}) {
  const cameras = useCameras(t);
  const slice = useStoreSlice(session);
  const selfId = session.store.getState().room.selfId;
  // The camera already on (its track knows its device, also when the default was used).
  const { devices } = session.store.getState().media;
  const mainCamera =
    devices.camera.stream?.getVideoTracks()[0]?.getSettings().deviceId ?? devices.selected.camera;
  const [device, setDevice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Another camera than the one already on, when there is one.
  const chosen =
    device ?? cameras?.find((c) => c.value !== mainCamera)?.value ?? cameras?.[0]?.value ?? null;
  const full = freeSource(slice, selfId) === null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t('cameraShare.nameRequired'));
      return;
    }
    if (!chosen) return;
    setSending(true);
    void startCameraShare(session, navigator.mediaDevices, chosen, name)
      .then((result) => {
        if (result.ok) {
          onDone();
          return;
        }
        if (result.reason === 'limit') setError(t('cameraShare.limit', { max: CAMERA_SHARE_MAX }));
        else if (result.reason === 'device') setError(t(deviceErrorKey(result.device, 'camera')));
        else if (result.reason === 'unavailable') setError(t('cameraShare.unavailable'));
        // 'refused': the session showed the server's reason already.
      })
      .finally(() => setSending(false));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {full ? (
          <Alert color="yellow" role="status">
            {t('cameraShare.limit', { max: CAMERA_SHARE_MAX })}
          </Alert>
        ) : null}
        <Select
          label={t('cameraShare.device')}
          data={cameras ?? []}
          value={chosen}
          onChange={setDevice}
          allowDeselect={false}
          nothingFoundMessage={t('cameraShare.noCamera')}
          error={cameras !== null && cameras.length === 0 ? t('cameraShare.noCamera') : null}
        />
        <TextInput
          label={t('cameraShare.name')}
          description={t('cameraShare.nameHint')}
          value={name}
          maxLength={CAMERA_SHARE_NAME_MAX}
          error={error}
          data-autofocus
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
        />
        <OwnShares session={session} own={slice.own} t={t} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cameraShare.cancel')}
          </Button>
          <Button type="submit" loading={sending} disabled={full || !chosen}>
            {t('cameraShare.share')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The slice, kept current (the dialog lives outside the room context). */
function useStoreSlice(session: RoomSession) {
  const [slice, setSlice] = useState(() => readSlice(session.store.getState(), cameraShareSlice));
  useEffect(
    () => session.store.subscribe((state) => setSlice(readSlice(state, cameraShareSlice))),
    [session],
  );
  return slice;
}

function OwnShares({
  session,
  own,
  t,
}: {
  session: RoomSession;
  own: readonly OwnShare[];
  t: Translate;
}) {
  if (own.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('cameraShare.yours')}
      </Text>
      {own.map((share) => (
        <Group key={share.source} justify="space-between" wrap="nowrap">
          <Text size="sm" truncate>
            {share.name}
          </Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconPlayerStop size={14} aria-hidden />}
            onClick={() => void stopCameraShare(session, share.source)}
          >
            {t('cameraShare.stop', { name: share.name })}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

const CONTROLS = [{ key: 'camera-share', element: <CameraShareToggle /> }] as const;

export function useCameraShareControls() {
  return CONTROLS;
}
