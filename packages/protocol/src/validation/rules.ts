import type { Language } from '../limits.ts';
import { formatDateForMessage, matchesDateFormat, parseDate } from './dates.ts';
import type { MessageKey } from './messages.ts';

/** A label or parameter given once per language, or one string for both. */
export type LocalizedText = string | Readonly<Record<Language, string>>;
export type MessageParam = number | LocalizedText;

export interface RuleFailure {
  key: MessageKey;
  params?: Readonly<Record<string, MessageParam>>;
}

/** All values of the form (or request body), for rules that look at another field. */
export type FormValues = Readonly<Record<string, unknown>>;

/** A validation rule: null when `value` passes, else the failure to show. */
export type Rule = (value: unknown, values: FormValues) => RuleFailure | null;

/** The shape of a browser `File` that the file rules need; a plain string is a file name. */
export interface FileLike {
  name?: string;
  type?: string;
  size?: number;
}

/**
 * Empty means "not filled in": undefined, null, '' or an empty array. Every rule except
 * `required` and `accepted` passes on an empty value so that optional fields need no special
 * case; combine with `required()` when the field must be filled in.
 */
export function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

const fail = (key: MessageKey, params?: Record<string, MessageParam>): RuleFailure =>
  params ? { key, params } : { key };

/** Wraps a check so empty values pass (see `isEmpty`). */
const optional =
  (check: Rule): Rule =>
  (value, values) =>
    isEmpty(value) ? null : check(value, values);

/** Strings as they are, finite numbers as their decimal text, anything else null. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * Characters as a person counts them: code points after NFC normalization, so a Vietnamese
 * "ệ" typed as a base letter plus combining marks still counts once.
 */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text.normalize('NFC')) n += 1;
  return n;
}

function textRule(key: MessageKey, test: (text: string) => boolean): Rule {
  return optional((value) => {
    const text = asText(value);
    return text !== null && test(text) ? null : fail(key);
  });
}

/** Numbers are measured by value, strings by length in characters; see `rules.min`. */
function sizeRule(
  inRange: (n: number) => boolean,
  onNumber: RuleFailure,
  onText: RuleFailure,
): Rule {
  return optional((value) => {
    if (typeof value === 'number') {
      if (Number.isNaN(value)) return fail('number');
      return inRange(value) ? null : onNumber;
    }
    if (typeof value === 'string') return inRange(charCount(value)) ? null : onText;
    return fail('invalid');
  });
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return Object.is(a, b);
}

function assertRange(min: number, max: number, rule: string): void {
  if (!(min <= max)) throw new RangeError(`${rule}: min (${min}) must not exceed max (${max})`);
}

// WHATWG's "valid e-mail address" grammar, plus a dot in the domain: accounts need a mail
// address that can receive the verification code, and `user@localhost` cannot.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

// SECURITY: only http(s) links; `javascript:`, `data:` and the like must never be accepted as
// event or conference links since they end up as hrefs shown to other people.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const HOST_LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const TLD = '(?:\\p{L}{2,63}|xn--[a-z0-9-]{1,59})';
const URL_PATTERN = new RegExp(
  `^https?://(?:localhost|${OCTET}(?:\\.${OCTET}){3}|(?:${HOST_LABEL}\\.)+${TLD})` +
    '(?::\\d{1,5})?(?:[/?#]\\S*)?$',
  'iu',
);

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

const ACCEPTED: readonly unknown[] = [true, 'true', 'yes', 'on', 1, '1'];

/** A date bound: a Date, an ISO date string, or the name of another field holding a date. */
export type DateBound = Date | string;

/** The bound as a date; null when it names a field that holds no date yet (the rule passes). */
function resolveBound(bound: DateBound, values: FormValues): Date | null {
  if (bound instanceof Date) return parseDate(bound);
  return parseDate(bound) ?? parseDate(values[bound]);
}

function toFiles(value: unknown): (FileLike | string)[] | null {
  const list = Array.isArray(value) ? value : [value];
  const files: (FileLike | string)[] = [];
  for (const item of list) {
    if (typeof item === 'string') files.push(item);
    else if (typeof item === 'object' && item !== null && ('name' in item || 'type' in item))
      files.push(item as FileLike);
    else return null;
  }
  return files;
}

function fileMatches(file: FileLike | string, extensions: string[], mimes: string[]): boolean {
  const name = (typeof file === 'string' ? file : (file.name ?? '')).toLowerCase();
  if (extensions.some((ext) => name.endsWith(ext) && name.length > ext.length)) return true;
  if (typeof file === 'string') return false;
  const mime = (file.type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!mime) return false;
  return mimes.some((m) => (m.endsWith('/*') ? mime.startsWith(m.slice(0, -1)) : mime === m));
}

/** `1048576` → `1 MB`; sizes in messages use binary units as the upload limits do. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024;
    unit += 1;
  }
  return `${Number(n.toFixed(1))} ${units[unit]}`;
}

/** Rule factories, one per rule of spec §5. */
export const rules = {
  /**
   * Fails on empty values (see `isEmpty`), on strings of only white space, on `false` (an
   * unticked box) and on NaN.
   */
  required(): Rule {
    return (value) => {
      if (isEmpty(value) || value === false || Number.isNaN(value)) return fail('required');
      if (typeof value === 'string' && value.trim() === '') return fail('required');
      return null;
    };
  },

  /** An email address; surrounding white space is ignored (the server trims it). */
  email(): Rule {
    return textRule('email', (text) => {
      const t = text.trim();
      return t.length <= 254 && (t.split('@')[0]?.length ?? 0) <= 64 && EMAIL.test(t);
    });
  },

  /** An http or https link with a host name (letters of any script), localhost or IPv4. */
  url(): Rule {
    return textRule('url', (text) => URL_PATTERN.test(text.trim()));
  },

  /** Exactly `min` characters, or between `min` and `max` characters inclusive (see charCount). */
  length(min: number, max?: number): Rule {
    if (max === undefined) {
      return optional((value) => {
        const text = asText(value);
        return text !== null && charCount(text) === min
          ? null
          : fail('length_exact', { length: min });
      });
    }
    assertRange(min, max, 'length');
    return optional((value) => {
      const text = asText(value);
      const n = text === null ? -1 : charCount(text);
      return n >= min && n <= max ? null : fail('length_between', { min, max });
    });
  },

  /**
   * At least `n`. The value's type decides what is measured: a number by its value, a string by
   * its length in characters (so the text "5" is one character long). Convert numeric text to a
   * number before validating when it must be compared as a number (Mantine's NumberInput already
   * gives numbers). Other values fail as invalid.
   */
  min(n: number): Rule {
    return sizeRule((x) => x >= n, fail('min_number', { min: n }), fail('min_length', { min: n }));
  },

  /** At most `n`; numbers by value, strings by length, as for `min`. */
  max(n: number): Rule {
    return sizeRule((x) => x <= n, fail('max_number', { max: n }), fail('max_length', { max: n }));
  },

  /** Between `min` and `max` inclusive; numbers by value, strings by length, as for `min`. */
  between(min: number, max: number): Rule {
    assertRange(min, max, 'between');
    return sizeRule(
      (x) => x >= min && x <= max,
      fail('between_number', { min, max }),
      fail('length_between', { min, max }),
    );
  },

  /** Equal to the value of the field `otherField` (a password confirmation); `{other}` is its label. */
  confirm(otherField: string, otherLabel?: LocalizedText): Rule {
    return optional((value, values) =>
      sameValue(value, values[otherField])
        ? null
        : fail('confirm', { other: otherLabel ?? otherField }),
    );
  },

  /** Strictly after `bound` (a Date, an ISO date string or another field's name). */
  dateAfter(bound: DateBound): Rule {
    return optional((value, values) => {
      const date = parseDate(value);
      if (!date) return fail('date');
      const limit = resolveBound(bound, values);
      if (!limit || date.getTime() > limit.getTime()) return null;
      return fail('date_after', { date: formatDateForMessage(limit) });
    });
  },

  /** Strictly before `bound` (a Date, an ISO date string or another field's name). */
  dateBefore(bound: DateBound): Rule {
    return optional((value, values) => {
      const date = parseDate(value);
      if (!date) return fail('date');
      const limit = resolveBound(bound, values);
      if (!limit || date.getTime() < limit.getTime()) return null;
      return fail('date_before', { date: formatDateForMessage(limit) });
    });
  },

  /** Between `min` and `max` inclusive; a bound naming an empty field is not checked. */
  dateBetween(min: DateBound, max: DateBound): Rule {
    return optional((value, values) => {
      const date = parseDate(value);
      if (!date) return fail('date');
      const lo = resolveBound(min, values);
      const hi = resolveBound(max, values);
      const t = date.getTime();
      if ((!lo || t >= lo.getTime()) && (!hi || t <= hi.getTime())) return null;
      return fail('date_between', {
        min: lo ? formatDateForMessage(lo) : '…',
        max: hi ? formatDateForMessage(hi) : '…',
      });
    });
  },

  /**
   * A string written in `format` (tokens YYYY MM DD HH mm ss, see dates.ts) naming a real date.
   * A valid Date object passes: it is a date whatever its text would be.
   */
  dateFormat(format: string): Rule {
    return optional((value) => {
      if (value instanceof Date && parseDate(value)) return null;
      return typeof value === 'string' && matchesDateFormat(value, format)
        ? null
        : fail('date_format', { format });
    });
  },

  /** Letters only, of any script (Vietnamese "Nguyễn" passes). */
  alpha(): Rule {
    return textRule('alpha', (text) => /^[\p{L}\p{M}]+$/u.test(text));
  },

  /** Letters of any script and digits. */
  alphanumeric(): Rule {
    return textRule('alphanumeric', (text) => /^[\p{L}\p{M}\p{N}]+$/u.test(text));
  },

  /** Letters of any script and plain spaces (a person's full name). */
  alphaSpaces(): Rule {
    return textRule('alpha_spaces', (text) => /^[\p{L}\p{M} ]+$/u.test(text));
  },

  /** A ticked box: true, 'true', 'yes', 'on', 1 or '1'. Fails on empty values. */
  accepted(): Rule {
    return (value) => (ACCEPTED.includes(value) ? null : fail('accepted'));
  },

  /**
   * Equal to `expected` (Dates by time). SECURITY: the message never quotes the expected value,
   * so `is`/`not` can compare with something the user must not see.
   */
  is(expected: unknown): Rule {
    return optional((value) => (sameValue(value, expected) ? null : fail('is')));
  },

  /** Different from `forbidden` (Dates by time); the message does not quote it. */
  not(forbidden: unknown): Rule {
    return optional((value) => (sameValue(value, forbidden) ? fail('not') : null));
  },

  /** Matches `pattern` (anchor it with ^…$ to match the whole value). */
  matches(pattern: RegExp): Rule {
    // A global or sticky regex keeps lastIndex between calls and would fail every other time.
    const re = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
    return textRule('matches', (text) => re.test(text));
  },

  /** Starts with `prefix`, or with one of several prefixes (case-sensitive). */
  startsWith(prefix: string | readonly string[]): Rule {
    const list = typeof prefix === 'string' ? [prefix] : [...prefix];
    return optional((value) => {
      const text = asText(value);
      return text !== null && list.some((p) => text.startsWith(p))
        ? null
        : fail('starts_with', { prefix: list.join(', ') });
    });
  },

  /** Ends with `suffix`, or with one of several suffixes (case-sensitive). */
  endsWith(suffix: string | readonly string[]): Rule {
    const list = typeof suffix === 'string' ? [suffix] : [...suffix];
    return optional((value) => {
      const text = asText(value);
      return text !== null && list.some((s) => text.endsWith(s))
        ? null
        : fail('ends_with', { suffix: list.join(', ') });
    });
  },

  /** A finite number, or a string holding one in decimal notation with a dot (`-1.5`, `2e3`). */
  number(): Rule {
    return optional((value) => {
      if (typeof value === 'number') return Number.isFinite(value) ? null : fail('number');
      return typeof value === 'string' && NUMBER.test(value.trim()) ? null : fail('number');
    });
  },

  /**
   * A file (File-like object, file name, or a list of them: every one must match) whose name
   * ends with one of the listed extensions ('.pdf') or whose MIME type is one of the listed
   * types ('image/png', 'image/*'); case-insensitive. SECURITY: the name and type come from the
   * client and are a convenience check only; the server must check uploads by their content.
   */
  fileType(types: readonly string[]): Rule {
    const lower = types.map((t) => t.trim().toLowerCase());
    const extensions = lower.filter((t) => t.startsWith('.'));
    const mimes = lower.filter((t) => t.includes('/'));
    const params = { types: types.join(', ') };
    return optional((value) => {
      const files = toFiles(value);
      return files && files.every((f) => fileMatches(f, extensions, mimes))
        ? null
        : fail('file_type', params);
    });
  },

  /** Every file is at most `maxBytes` long; `{max}` is shown as "1 MB". */
  fileSize(maxBytes: number): Rule {
    return optional((value) => {
      const files = toFiles(value);
      if (!files || files.some((f) => typeof f === 'string' || typeof f.size !== 'number'))
        return fail('invalid');
      return files.every((f) => typeof f !== 'string' && (f.size ?? 0) <= maxBytes)
        ? null
        : fail('file_size', { max: formatBytes(maxBytes) });
    });
  },
};

/** The same rule, failing with the message `key` instead (spec wording such as 'name_required'). */
export function withMessage(rule: Rule, key: MessageKey): Rule {
  return (value, values) => {
    const failure = rule(value, values);
    return failure ? { ...failure, key } : null;
  };
}
