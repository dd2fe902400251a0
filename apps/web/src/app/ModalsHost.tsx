import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { DIALOG_WIDTH_PX } from '@podium/protocol';
import { useTranslation } from 'react-i18next';

/**
 * The dialog container (spec §2), mounted with the first dialog (DeferredModals.tsx). Features
 * open dialogs with the static `modals.open…` API of @mantine/modals, which reaches this
 * provider through window events, so it need not wrap the app.
 */
export default function ModalsHost({ onListening }: { onListening: () => void }) {
  const { t } = useTranslation();
  // The provider subscribes to the events in a layout effect, which runs before this one.
  useEffect(onListening, [onListening]);
  return (
    <ModalsProvider
      modalProps={{ size: DIALOG_WIDTH_PX, centered: true }}
      labels={{ confirm: t('shell.confirm'), cancel: t('shell.cancel') }}
    />
  );
}
