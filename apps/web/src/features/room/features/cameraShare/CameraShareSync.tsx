import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { readSlice } from '../../store.ts';
import { useRoom } from '../../ui/context.ts';
import { reconcile } from './actions.ts';
import { cameraShareSlice } from './state.ts';

/**
 * Mounted once over the call: keeps this browser's shares in step with the server's list, and
 * says so when the server ended one (the host's Stop cameras, a role taken back). Draws nothing.
 */
export function CameraShareSync() {
  const { t } = useTranslation();
  const session = useRoom();
  useEffect(() => {
    let last = readSlice(session.store.getState(), cameraShareSlice);
    const check = () => {
      const now = readSlice(session.store.getState(), cameraShareSlice);
      if (now === last) return;
      last = now;
      for (const name of reconcile(session)) {
        notifications.show({ color: 'yellow', message: t('cameraShare.stoppedByHost', { name }) });
      }
    };
    return session.store.subscribe(check);
  }, [session, t]);
  return null;
}
