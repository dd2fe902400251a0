import { ModalsProvider } from '@mantine/modals';
import { DIALOG_WIDTH_PX } from '@podium/protocol';
import { useTranslation } from 'react-i18next';

/**
 * The dialog container, loaded lazily (spec §2). Features open dialogs with the static
 * `modals.open…` API of @mantine/modals, which reaches this provider through window events, so
 * it need not wrap the app.
 */
export default function ModalsHost() {
  const { t } = useTranslation();
  return (
    <ModalsProvider
      modalProps={{ size: DIALOG_WIDTH_PX, centered: true }}
      labels={{ confirm: t('shell.confirm'), cancel: t('shell.cancel') }}
    />
  );
}
