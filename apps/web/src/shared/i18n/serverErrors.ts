import { errorCodeMessages, serverMessageTexts, type Language } from '@podium/protocol';
import { defineStrings, type StringTree } from './strings.ts';

/**
 * Translations of the server's error answers, read from the protocol (packages/protocol
 * errors.ts), which holds them once for the server and the web in both languages. `key` (for
 * example `errors.permission`) is looked up under `serverErrors.`; without a known key the error
 * `code` is looked up under `serverErrors.code.`. See `translateApiError`. Feature domains with
 * their own messages (wallet, gifts, …) add them under `serverErrors.<domain>` in their i18n.ts.
 */

/** `{ 'errors.permission': text }` → `{ errors: { permission: text } }`, the i18next tree. */
function asTree(messages: Record<string, string>): StringTree {
  const tree: Record<string, Record<string, string>> = {};
  for (const [key, text] of Object.entries(messages)) {
    const dot = key.indexOf('.');
    const group = key.slice(0, dot);
    (tree[group] ??= {})[key.slice(dot + 1)] = text;
  }
  return tree;
}

function serverErrors(language: Language): StringTree {
  return { ...asTree(serverMessageTexts[language]), code: errorCodeMessages[language] };
}

export const strings = defineStrings({
  en: { serverErrors: serverErrors('en') },
  vi: { serverErrors: serverErrors('vi') },
});
