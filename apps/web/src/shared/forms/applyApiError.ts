import type { i18n as I18n } from 'i18next';
import { ApiError } from '../api/errors.ts';
import { translateApiError } from '../i18n/translateError.ts';

interface FieldErrorTarget {
  setFieldError(path: string, error: string): void;
}

/**
 * Shows a failed submit: field messages from the server go under the matching inputs (server
 * field name → form field via `fieldMap`), and the translated error is returned for the form's
 * alert.
 */
export function applyApiError(
  error: unknown,
  i18n: Pick<I18n, 't' | 'exists'>,
  form?: FieldErrorTarget,
  fieldMap: Record<string, string> = {},
): string {
  const translated = translateApiError(error, i18n);
  if (error instanceof ApiError && error.fields && form) {
    for (const [field, message] of Object.entries(error.fields)) {
      const target = fieldMap[field] ?? field;
      // A field message that is the keyed error's own (English) text shows in the UI language.
      form.setFieldError(target, error.key && message === error.message ? translated : message);
    }
  }
  return translated;
}
