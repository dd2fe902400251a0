import { useState } from 'react';
import type { AccountSettingsUpdate, ConferenceMode } from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { toastError, toastSuccess } from '../../shared/ui/toast.ts';
import { settingsApi } from './api.ts';

/**
 * Saves one change at once (switches, choices): 'Saved successfully' or the spec's 'Update
 * failed' toast. The controls read the cached account, so a refused change shows its old value.
 */
export function useSaveSettings() {
  const { t, i18n } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);

  async function run(key: string, work: () => Promise<unknown>): Promise<boolean> {
    setPending(key);
    try {
      await work();
      toastSuccess(t('settings.saved'));
      return true;
    } catch (error) {
      const detail = translateApiError(error, i18n);
      toastError(`${t('settings.updateFailed')}: ${detail}`);
      return false;
    } finally {
      setPending(null);
    }
  }

  return {
    /** The key of the change in flight, so only that control shows it is busy. */
    pending,
    save: (update: AccountSettingsUpdate) =>
      run(Object.keys(update).join(','), () => settingsApi.update(update)),
    saveMode: (mode: ConferenceMode) =>
      run('conference_mode', () => settingsApi.conferenceMode(mode)),
  };
}
