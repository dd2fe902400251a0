import type { i18n as I18n } from 'i18next';
import { eventMessages, localizeEventMessage, type Language } from '@podium/protocol';
import { ApiError } from '../../shared/api/errors.ts';
import { translateApiError } from '../../shared/i18n/translateError.ts';

type Translator = Pick<I18n, 't' | 'exists' | 'language' | 'resolvedLanguage'>;

function languageOf(i18n: Translator): Language {
  return (i18n.resolvedLanguage ?? i18n.language) === 'vi' ? 'vi' : 'en';
}

function isEventKey(key: unknown): key is keyof typeof eventMessages {
  return typeof key === 'string' && Object.hasOwn(eventMessages, key);
}

/** The `key` of a REST error, or of the first GraphQL error's extensions. */
export function errorKey(error: ApiError): string | undefined {
  if (error.key) return error.key;
  const errors = (error.body as { errors?: { extensions?: { key?: unknown } }[] } | undefined)
    ?.errors;
  const key = Array.isArray(errors) ? errors[0]?.extensions?.key : undefined;
  return typeof key === 'string' ? key : undefined;
}

/** Field messages of a REST error or of the first GraphQL error's extensions. */
export function errorFields(error: ApiError): Record<string, string> {
  if (error.fields) return error.fields;
  const errors = (error.body as { errors?: { extensions?: { fields?: unknown } }[] } | undefined)
    ?.errors;
  const fields = Array.isArray(errors) ? errors[0]?.extensions?.fields : undefined;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/**
 * A message for an events error in the current language: the protocol's event messages (which
 * the shared server-error table does not know), else the shared translation.
 */
export function translateEventError(error: unknown, i18n: Translator): string {
  if (error instanceof ApiError) {
    const key = errorKey(error);
    if (isEventKey(key)) return eventMessages[key][languageOf(i18n)];
  }
  return translateApiError(error, i18n);
}

/** Server field messages (English) in the current language, keyed by the server's field path. */
export function localizedFieldErrors(error: unknown, i18n: Translator): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const lang = languageOf(i18n);
  return Object.fromEntries(
    Object.entries(errorFields(error)).map(([field, text]) => [
      field,
      localizeEventMessage(text, lang),
    ]),
  );
}
