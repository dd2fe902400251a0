/**
 * Generic form validation rules of spec §5 with English and Vietnamese messages, shared by the
 * web forms (Mantine useForm) and the server.
 *
 * @example
 * // Web: a Mantine form field, messages in the current language.
 * useForm({
 *   validate: {
 *     email: fieldValidator([rules.required(), rules.email()], lang, t('fields.email')),
 *     confirm: fieldValidator([rules.required(), rules.confirm('password', t('fields.password'))], lang),
 *     name: fieldValidator([withMessage(rules.required(), 'name_required')], lang),
 *   },
 * });
 * // Server: every failing field's message for the error body's `fields`, or null.
 * const fields = validateFields(body, { code: [rules.required(), rules.length(6)] }, 'en');
 */
export { defaultFieldLabel, messages, MESSAGE_KEYS, type MessageKey } from './messages.ts';
export {
  charCount,
  formatBytes,
  isEmpty,
  rules,
  withMessage,
  type DateBound,
  type FileLike,
  type FormValues,
  type LocalizedText,
  type MessageParam,
  type Rule,
  type RuleFailure,
} from './rules.ts';
export { fieldValidator, formatMessage, localize, validate, validateFields } from './format.ts';
export { formatDateForMessage, matchesDateFormat, parseDate } from './dates.ts';
