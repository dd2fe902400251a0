import type { Language } from '../limits.ts';
import { defaultFieldLabel, messages } from './messages.ts';
import type { FormValues, LocalizedText, MessageParam, Rule, RuleFailure } from './rules.ts';

/** The text of a label or parameter in `lang`. */
export function localize(text: MessageParam, lang: Language): string {
  if (typeof text === 'number') return String(text);
  return typeof text === 'string' ? text : text[lang];
}

/**
 * The message of `failure` in `lang`, with {field} set to `fieldLabel` (default "This field" /
 * "Trường này") and the other placeholders from the failure's params.
 */
export function formatMessage(
  failure: RuleFailure,
  lang: Language,
  fieldLabel?: LocalizedText,
): string {
  const params: Record<string, MessageParam> = {
    ...failure.params,
    field: fieldLabel ?? defaultFieldLabel[lang],
  };
  return messages[lang][failure.key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const param = params[name];
    return param === undefined ? whole : localize(param, lang);
  });
}

/** The first failing rule's message, or null when every rule passes. */
export function validate(
  value: unknown,
  ruleList: readonly Rule[],
  values: FormValues,
  lang: Language,
  fieldLabel?: LocalizedText,
): string | null {
  for (const rule of ruleList) {
    const failure = rule(value, values);
    if (failure) return formatMessage(failure, lang, fieldLabel);
  }
  return null;
}

/**
 * A validator for one field in the shape Mantine's `useForm({ validate: { name: … } })` takes.
 * `values` is typed `object` so any form values type fits, including interfaces, which
 * TypeScript does not treat as string-indexed records.
 */
export function fieldValidator(
  ruleList: readonly Rule[],
  lang: Language,
  label?: LocalizedText,
): (value: unknown, values?: object) => string | null {
  return (value, values) => validate(value, ruleList, (values ?? {}) as FormValues, lang, label);
}

/**
 * Validates several fields of `values` at once (a request body on the server): the message of
 * each failing field, in the `fields` shape of the error body, or null when all pass.
 */
export function validateFields(
  values: FormValues,
  fieldRules: Readonly<Record<string, readonly Rule[]>>,
  lang: Language,
  labels: Readonly<Record<string, LocalizedText>> = {},
): Record<string, string> | null {
  const errors: Record<string, string> = {};
  for (const [field, ruleList] of Object.entries(fieldRules)) {
    const message = validate(values[field], ruleList, values, lang, labels[field]);
    if (message !== null) errors[field] = message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
