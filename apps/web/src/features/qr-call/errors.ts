import type { i18n as I18n } from 'i18next';
import { localizeEventMessage, qrCallMessages, type Language } from '@podium/protocol';
import { ApiError } from '../../shared/api/errors.ts';
import { errorFields, translateEventError } from '../events/errors.ts';

type Translator = Pick<I18n, 't' | 'exists' | 'language' | 'resolvedLanguage'>;

const languageOf = (i18n: Translator): Language =>
  (i18n.resolvedLanguage ?? i18n.language) === 'vi' ? 'vi' : 'en';

function fromQrText(text: string, lang: Language): string | null {
  for (const entry of Object.values(qrCallMessages)) if (entry.en === text) return entry[lang];
  return null;
}

/** An error of the QR call endpoints in the current language (QR keys, then events'). */
export function translateQrError(error: unknown, i18n: Translator): string {
  const lang = languageOf(i18n);
  if (error instanceof ApiError && error.key && Object.hasOwn(qrCallMessages, error.key)) {
    return qrCallMessages[error.key as keyof typeof qrCallMessages][lang];
  }
  return translateEventError(error, i18n);
}

/** Server field messages (English) in the current language, keyed by field. */
export function qrFieldErrors(error: unknown, i18n: Translator): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const lang = languageOf(i18n);
  return Object.fromEntries(
    Object.entries(errorFields(error)).map(([field, text]) => [
      field,
      fromQrText(text, lang) ?? localizeEventMessage(text, lang),
    ]),
  );
}
