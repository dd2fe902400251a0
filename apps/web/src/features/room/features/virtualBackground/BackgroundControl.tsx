import { useEffect, useState } from 'react';
import { Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBackground } from '@tabler/icons-react';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { LazyBackgroundPicker } from '../../../virtualBackground/LazyBackgroundPicker.tsx';
import { backgroundStore } from '../../../virtualBackground/store.ts';
import {
  useBackground,
  useBackgroundProcessor,
} from '../../../virtualBackground/useBackgroundProcessor.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';

/** "Background": pressed while a background effect is on; a click opens the choices. */
function BackgroundToggle() {
  const { t } = useTranslation();
  const { choice, loading } = useBackground();
  const supported = useRoomState((s) => s.media.supported);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ControlToggle
        label={t('virtualBackground.control')}
        tip={t('virtualBackground.controlTip')}
        pressed={choice.kind !== 'none'}
        pending={loading}
        disabled={!supported}
        onClick={() => setOpen(true)}
      >
        <IconBackground aria-hidden />
      </ControlToggle>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('virtualBackground.dialogTitle')}
        size="lg"
      >
        <Stack gap="sm">
          <LazyBackgroundPicker />
        </Stack>
      </Modal>
    </>
  );
}

const CONTROLS = [{ key: 'virtual-background', element: <BackgroundToggle /> }] as const;

export function useBackgroundControls() {
  return CONTROLS;
}

/**
 * Mounted once in the call: runs the chosen background over the outgoing camera. The room's
 * media sends the processed track (replaceTrack, no renegotiation) and shows it as the
 * self-view; turning the effect off puts the raw camera back on the sender before processing
 * stops. When the device cannot keep up the effect turns off and the person is told.
 */
export function BackgroundEffect() {
  const { t } = useTranslation();
  const session = useRoom();
  // The media side exists once the camera can be on; re-run when it turns on.
  const cameraOn = useRoomState((s) => s.media.devices.camera.on);
  const processor = useBackgroundProcessor(() => session.media?.setCameraFilter(null));

  useEffect(() => {
    if (processor && cameraOn) void session.media?.setCameraFilter(processor);
  }, [session, processor, cameraOn]);

  const { notice } = useBackground();
  useEffect(() => {
    if (notice !== 'too_slow' && notice !== 'failed') return;
    notifications.show({
      color: 'orange',
      message: t(`virtualBackground.notice.${notice}`),
      autoClose: 10_000,
    });
    backgroundStore().dismissNotice();
  }, [notice, t]);

  return null;
}
