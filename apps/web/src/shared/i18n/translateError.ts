import type { i18n as I18n } from 'i18next';
import { ApiError, NETWORK_ERROR_CODE } from '../api/errors.ts';

type Translator = Pick<I18n, 't' | 'exists'>;

function leaf(i18n: Translator, key: string): string | null {
  if (!i18n.exists(key)) return null;
  const value: unknown = i18n.t(key, { returnObjects: true });
  return typeof value === 'string' && value ? value : null;
}

/**
 * A message for the user in the current language: the server's `key` when we translate it,
 * then its `code`, then the server's own (English) message.
 */
export function translateApiError(error: unknown, i18n: Translator): string {
  if (!(error instanceof ApiError)) return i18n.t('errors.generic');
  if (error.code === NETWORK_ERROR_CODE) return i18n.t('errors.network');
  return (
    (error.key ? leaf(i18n, `serverErrors.${error.key}`) : null) ??
    leaf(i18n, `serverErrors.code.${error.code}`) ??
    (error.message || i18n.t('errors.generic'))
  );
}
