/** Generic form validation rules of spec §5 with English and Vietnamese messages. */
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
