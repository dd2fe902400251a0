import { describe, expect, it } from 'vitest';
import type { Language } from '../limits.ts';
import { validate } from './format.ts';
import { rules, withMessage, type FormValues, type Rule } from './rules.ts';

/** The message `rule` gives for `value` in `lang`, or null when it passes. */
const check = (rule: Rule, value: unknown, lang: Language = 'en', values: FormValues = {}) =>
  validate(value, [rule], values, lang);

/** Asserts that every value passes `rule`. */
function passes(rule: Rule, values: unknown[], form: FormValues = {}) {
  for (const value of values) expect(check(rule, value, 'en', form), String(value)).toBeNull();
}

/** Asserts that every value fails `rule` with the exact English and Vietnamese messages. */
function fails(rule: Rule, values: unknown[], en: string, vi: string, form: FormValues = {}) {
  for (const value of values) {
    expect(check(rule, value, 'en', form), String(value)).toBe(en);
    expect(check(rule, value, 'vi', form), String(value)).toBe(vi);
  }
}

const EMPTY = ['', null, undefined, []];

describe('empty values', () => {
  const optionalRules: [string, Rule][] = [
    ['email', rules.email()],
    ['url', rules.url()],
    ['length', rules.length(6)],
    ['min', rules.min(3)],
    ['max', rules.max(3)],
    ['between', rules.between(1, 2)],
    ['confirm', rules.confirm('password')],
    ['dateAfter', rules.dateAfter('2024-01-01')],
    ['dateBefore', rules.dateBefore('2024-01-01')],
    ['dateBetween', rules.dateBetween('2024-01-01', '2024-02-01')],
    ['dateFormat', rules.dateFormat('YYYY')],
    ['alpha', rules.alpha()],
    ['alphanumeric', rules.alphanumeric()],
    ['alphaSpaces', rules.alphaSpaces()],
    ['is', rules.is('x')],
    ['not', rules.not('')],
    ['matches', rules.matches(/^x$/)],
    ['startsWith', rules.startsWith('x')],
    ['endsWith', rules.endsWith('x')],
    ['number', rules.number()],
    ['fileType', rules.fileType(['.pdf'])],
    ['fileSize', rules.fileSize(1)],
  ];
  it.each(optionalRules)('%s passes on empty values', (_name, rule) => {
    passes(rule, EMPTY, { password: 'secret' });
  });
});

describe('required', () => {
  it('passes on filled-in values', () => {
    passes(rules.required(), ['a', ' a ', 0, true, ['x'], new Date(), { name: 'f.png' }]);
  });
  it('fails on empty, blank, false and NaN', () => {
    fails(
      rules.required(),
      [...EMPTY, '   ', false, Number.NaN],
      'This field is required',
      'Trường này là bắt buộc',
    );
  });
  it('names the field', () => {
    expect(validate('', [rules.required()], {}, 'en', 'Name')).toBe('Name is required');
    expect(validate('', [rules.required()], {}, 'vi', 'Tên')).toBe('Tên là bắt buộc');
  });
});

describe('email', () => {
  it('passes on addresses', () => {
    passes(rules.email(), ['a@b.co', 'first.last+tag@mail.example.com', ' x@y.vn ']);
  });
  it('fails on anything else', () => {
    fails(
      rules.email(),
      ['a', 'a@b', 'a@@b.com', 'a b@c.com', '@b.com', 'a@-b.com', `${'a'.repeat(65)}@b.com`, 5],
      'This field must be a valid email address',
      'Trường này phải là địa chỉ email hợp lệ',
    );
  });
});

describe('url', () => {
  it('passes on http(s) links', () => {
    passes(rules.url(), [
      'https://podium.example.com/j/abc?x=1#y',
      'http://localhost:8080',
      'http://127.0.0.1/a',
      'https://tênmiền.vn',
      'https://example.xn--p1ai/path',
      'HTTPS://PODIUM.VN',
    ]);
  });
  it('fails on other schemes and malformed links', () => {
    fails(
      rules.url(),
      [
        'javascript:alert(1)',
        'ftp://a.com',
        'https://',
        'example.com',
        'https://a b.com',
        'https://a',
      ],
      'This field must be a valid link',
      'Trường này phải là liên kết hợp lệ',
    );
  });
});

describe('length', () => {
  it('exact: passes on that many characters, counting composed letters once', () => {
    // "ệ" written as e + two combining marks is one character after normalization.
    passes(rules.length(6), ['123456', 123456, 'Nguye\u0323\u0302n']);
    passes(rules.length(3), ['e\u0323\u0302ab']);
  });
  it('exact: fails otherwise', () => {
    fails(
      rules.length(6),
      ['12345', '1234567', true],
      'This field must be exactly 6 characters',
      'Trường này phải có đúng 6 ký tự',
    );
  });
  it('range: passes inside, inclusive', () => {
    passes(rules.length(2, 4), ['ab', 'abc', 'abcd', '😀😀']);
  });
  it('range: fails outside', () => {
    fails(
      rules.length(2, 4),
      ['a', 'abcde', {}],
      'This field must be between 2 and 4 characters',
      'Trường này phải có từ 2 đến 4 ký tự',
    );
  });
  it('refuses an inverted range when built', () => {
    expect(() => rules.length(4, 2)).toThrow(RangeError);
  });
});

describe('min', () => {
  it('numbers by value', () => {
    passes(rules.min(3), [3, 4.5, 1e9]);
    fails(
      rules.min(3),
      [2, -1],
      'This field must be at least 3',
      'Trường này phải lớn hơn hoặc bằng 3',
    );
  });
  it('strings by length', () => {
    passes(rules.min(3), ['abc', 'abcd', '1'.repeat(3)]);
    fails(
      rules.min(3),
      ['ab', '9'],
      'This field must be at least 3 characters',
      'Trường này phải có ít nhất 3 ký tự',
    );
  });
  it('other values are invalid', () => {
    fails(rules.min(3), [true, {}], 'This field is not valid', 'Trường này không hợp lệ');
    fails(rules.min(3), [Number.NaN], 'This field must be a number', 'Trường này phải là số');
  });
});

describe('max', () => {
  it('numbers by value', () => {
    passes(rules.max(10), [10, -5, 0]);
    fails(
      rules.max(10),
      [11, 10.5],
      'This field must be at most 10',
      'Trường này phải nhỏ hơn hoặc bằng 10',
    );
  });
  it('strings by length', () => {
    passes(rules.max(3), ['abc', 'a', 'ệệệ']);
    fails(
      rules.max(3),
      ['abcd', '1000'],
      'This field must be at most 3 characters',
      'Trường này không được vượt quá 3 ký tự',
    );
  });
  it('other values are invalid', () => {
    fails(rules.max(3), [false, [1]], 'This field is not valid', 'Trường này không hợp lệ');
  });
});

describe('between', () => {
  it('numbers by value, inclusive', () => {
    passes(rules.between(1, 10), [1, 5, 10]);
    fails(
      rules.between(1, 10),
      [0, 10.01, -3],
      'This field must be between 1 and 10',
      'Trường này phải nằm trong khoảng từ 1 đến 10',
    );
  });
  it('strings by length', () => {
    passes(rules.between(2, 3), ['ab', 'abc']);
    fails(
      rules.between(2, 3),
      ['a', 'abcd'],
      'This field must be between 2 and 3 characters',
      'Trường này phải có từ 2 đến 3 ký tự',
    );
  });
  it('refuses an inverted range when built', () => {
    expect(() => rules.between(3, 1)).toThrow(RangeError);
  });
});

describe('confirm', () => {
  const form = { password: 'S3cret!!' };
  it('passes when equal to the other field', () => {
    passes(rules.confirm('password'), ['S3cret!!'], form);
  });
  it('fails otherwise, naming the other field', () => {
    fails(
      rules.confirm('password', { en: 'Password', vi: 'Mật khẩu' }),
      ['S3cret!', 's3cret!!'],
      'This field does not match Password',
      'Trường này không khớp với Mật khẩu',
      form,
    );
    fails(
      rules.confirm('password'),
      ['x'],
      'This field does not match password',
      'Trường này không khớp với password',
      form,
    );
  });
});

describe('dateAfter', () => {
  it('compares with a fixed date, strictly', () => {
    passes(rules.dateAfter('2024-01-01'), ['2024-01-02', '2024-01-01T00:01', new Date(2030, 0, 1)]);
    fails(
      rules.dateAfter('2024-01-01'),
      ['2024-01-01', '2023-12-31 23:59', new Date(2020, 5, 1)],
      'This field must be after 2024-01-01',
      'Trường này phải sau 2024-01-01',
    );
  });
  it('compares with another field, and skips when that field is empty', () => {
    const rule = rules.dateAfter('start');
    passes(rule, ['2024-03-01 10:30'], { start: '2024-03-01 10:00' });
    passes(rule, ['2000-01-01'], { start: '' });
    fails(
      rule,
      ['2024-03-01 09:00'],
      'This field must be after 2024-03-01 10:00',
      'Trường này phải sau 2024-03-01 10:00',
      { start: '2024-03-01 10:00' },
    );
  });
  it('fails on values that are not dates', () => {
    fails(
      rules.dateAfter('2024-01-01'),
      ['tomorrow', '2024-02-30', 42, new Date('x')],
      'This field must be a valid date',
      'Trường này phải là ngày hợp lệ',
    );
  });
});

describe('dateBefore', () => {
  it('compares with a fixed date or a Date, strictly', () => {
    passes(rules.dateBefore(new Date(2024, 0, 1)), ['2023-12-31', '2023-12-31T23:59:59']);
    fails(
      rules.dateBefore(new Date(2024, 0, 1, 9, 5)),
      ['2024-01-01 09:05', '2025-01-01'],
      'This field must be before 2024-01-01 09:05',
      'Trường này phải trước 2024-01-01 09:05',
    );
  });
  it('compares with another field', () => {
    passes(rules.dateBefore('end'), ['2024-01-01'], { end: '2024-01-02' });
    fails(
      rules.dateBefore('end'),
      ['2024-01-03'],
      'This field must be before 2024-01-02',
      'Trường này phải trước 2024-01-02',
      {
        end: '2024-01-02',
      },
    );
  });
  it('fails on values that are not dates', () => {
    fails(
      rules.dateBefore('2024-01-01'),
      ['01/01/2020'],
      'This field must be a valid date',
      'Trường này phải là ngày hợp lệ',
    );
  });
});

describe('dateBetween', () => {
  const rule = rules.dateBetween('2024-01-01', '2024-01-31');
  it('passes inside the range, inclusive', () => {
    passes(rule, ['2024-01-01', '2024-01-15T12:00:00Z', '2024-01-31']);
  });
  it('fails outside', () => {
    fails(
      rule,
      ['2023-12-31', '2024-02-01'],
      'This field must be between 2024-01-01 and 2024-01-31',
      'Trường này phải nằm trong khoảng từ 2024-01-01 đến 2024-01-31',
    );
    fails(rule, ['soon'], 'This field must be a valid date', 'Trường này phải là ngày hợp lệ');
  });
  it('takes bounds from other fields', () => {
    const fromFields = rules.dateBetween('from', 'to');
    passes(fromFields, ['2024-05-02'], { from: '2024-05-01', to: '2024-05-03' });
    passes(fromFields, ['2099-01-01'], { from: '2024-05-01', to: null });
    fails(
      fromFields,
      ['2024-04-30'],
      'This field must be between 2024-05-01 and …',
      'Trường này phải nằm trong khoảng từ 2024-05-01 đến …',
      { from: '2024-05-01' },
    );
  });
});

describe('dateFormat', () => {
  it('passes on text in the format naming a real date', () => {
    passes(rules.dateFormat('DD/MM/YYYY'), ['31/12/2024', '29/02/2024', new Date()]);
    passes(rules.dateFormat('YYYY-MM-DD HH:mm'), ['2024-06-01 23:59']);
  });
  it('fails otherwise', () => {
    fails(
      rules.dateFormat('DD/MM/YYYY'),
      ['2024-12-31', '31/12/24', '1/2/2024', '29/02/2023', '31/04/2024', 20240101, new Date('x')],
      'This field must match the format DD/MM/YYYY',
      'Trường này phải đúng định dạng DD/MM/YYYY',
    );
    fails(
      rules.dateFormat('HH:mm'),
      ['24:00', '12:60'],
      'This field must match the format HH:mm',
      'Trường này phải đúng định dạng HH:mm',
    );
  });
});

describe('alpha', () => {
  it('passes on letters of any script', () => {
    passes(rules.alpha(), ['Podium', 'Nguyễn', 'Nguye\u0303n', 'Đặng']);
  });
  it('fails on anything else', () => {
    fails(
      rules.alpha(),
      ['a b', 'abc1', 'a-b', 12, true],
      'This field may only contain letters',
      'Trường này chỉ được chứa chữ cái',
    );
  });
});

describe('alphanumeric', () => {
  it('passes on letters and digits', () => {
    passes(rules.alphanumeric(), ['abc123', 'Phòng1', 42]);
  });
  it('fails on anything else', () => {
    fails(
      rules.alphanumeric(),
      ['a b', 'a_1', 'a.b', -1],
      'This field may only contain letters and numbers',
      'Trường này chỉ được chứa chữ cái và chữ số',
    );
  });
});

describe('alpha_spaces', () => {
  it('passes on letters and spaces', () => {
    passes(rules.alphaSpaces(), ['Nguyễn Văn An', 'Ada Lovelace', 'a']);
  });
  it('fails on anything else', () => {
    fails(
      rules.alphaSpaces(),
      ['Ann2', "O'Brien", 'a\tb', 7],
      'This field may only contain letters and spaces',
      'Trường này chỉ được chứa chữ cái và khoảng trắng',
    );
  });
});

describe('accepted', () => {
  it('passes on ticked values', () => {
    passes(rules.accepted(), [true, 'true', 'yes', 'on', 1, '1']);
  });
  it('fails on anything else, including empty', () => {
    fails(
      rules.accepted(),
      [...EMPTY, false, 'no', 0, 'false'],
      'This field must be accepted',
      'Trường này phải được chấp nhận',
    );
  });
});

describe('is', () => {
  it('passes on the expected value', () => {
    passes(rules.is('DELETE'), ['DELETE']);
    passes(rules.is(new Date(2024, 0, 1)), [new Date(2024, 0, 1)]);
  });
  it('fails otherwise without quoting the expected value', () => {
    fails(
      rules.is('DELETE'),
      ['delete', 'DELETE ', 1],
      'This field does not match the expected value',
      'Trường này không khớp với giá trị yêu cầu',
    );
  });
});

describe('not', () => {
  it('passes on other values', () => {
    passes(rules.not('old'), ['new', 'Old', 0]);
  });
  it('fails on the forbidden value', () => {
    fails(
      rules.not('old'),
      ['old'],
      'This field must be a different value',
      'Trường này phải là một giá trị khác',
    );
    fails(
      rules.not(5),
      [5],
      'This field must be a different value',
      'Trường này phải là một giá trị khác',
    );
  });
});

describe('matches', () => {
  it('passes on matching text, also with a global regex called repeatedly', () => {
    const rule = rules.matches(/^[A-Z]{3}-\d+$/g);
    passes(rule, ['ABC-1', 'ABC-1', 'XYZ-42']);
  });
  it('fails otherwise', () => {
    fails(
      rules.matches(/^[A-Z]{3}-\d+$/),
      ['abc-1', 'ABC-', {}],
      'This field has an invalid format',
      'Trường này không đúng định dạng',
    );
  });
});

describe('starts_with', () => {
  it('passes on a listed prefix', () => {
    passes(rules.startsWith(['+84', '0']), ['+84912345678', '0912345678']);
  });
  it('fails otherwise', () => {
    fails(
      rules.startsWith(['+84', '0']),
      ['84912', '912'],
      'This field must start with +84, 0',
      'Trường này phải bắt đầu bằng +84, 0',
    );
    fails(
      rules.startsWith('https://'),
      ['http://a'],
      'This field must start with https://',
      'Trường này phải bắt đầu bằng https://',
    );
  });
});

describe('ends_with', () => {
  it('passes on a listed suffix', () => {
    passes(rules.endsWith('@podium.vn'), ['an@podium.vn']);
  });
  it('fails otherwise', () => {
    fails(
      rules.endsWith(['.vn', '.com']),
      ['a.org', 'a.VN'],
      'This field must end with .vn, .com',
      'Trường này phải kết thúc bằng .vn, .com',
    );
  });
});

describe('number', () => {
  it('passes on numbers and numeric text', () => {
    passes(rules.number(), [0, -1.5, 1e3, '42', ' -3.25 ', '.5', '2e3', '+7']);
  });
  it('fails otherwise', () => {
    fails(
      rules.number(),
      ['abc', '1,5', '1.2.3', 'e3', Number.NaN, Number.POSITIVE_INFINITY, true, '0x10'],
      'This field must be a number',
      'Trường này phải là số',
    );
  });
});

describe('fileType', () => {
  const rule = rules.fileType(['image/png', 'image/jpeg', '.pdf']);
  it('passes on a listed extension or MIME type', () => {
    passes(rule, [
      { name: 'report.PDF', type: 'application/pdf' },
      { name: 'photo', type: 'image/png' },
      { name: 'x.jpg', type: 'IMAGE/JPEG; charset=binary' },
      'scan.pdf',
      [{ name: 'a.png', type: 'image/png' }, 'b.pdf'],
    ]);
    passes(rules.fileType(['image/*']), [{ name: 'a.webp', type: 'image/webp' }]);
  });
  it('fails otherwise, listing the allowed types', () => {
    fails(
      rule,
      [
        { name: 'setup.exe', type: 'application/x-msdownload' },
        { name: 'a.gif', type: '' },
        '.pdf',
        'notes.pdf.exe',
        [{ name: 'a.png', type: 'image/png' }, 'run.sh'],
        42,
        { size: 3 },
      ],
      'This field must be a file of type image/png, image/jpeg, .pdf',
      'Trường này phải là tệp có định dạng image/png, image/jpeg, .pdf',
    );
  });
});

describe('fileSize', () => {
  const rule = rules.fileSize(1024 * 1024);
  it('passes on files within the limit', () => {
    passes(rule, [{ name: 'a.png', size: 1024 * 1024 }, [{ name: 'a', size: 0 }]]);
  });
  it('fails on larger files, showing the limit in MB', () => {
    fails(
      rule,
      [
        { name: 'a.png', size: 1024 * 1024 + 1 },
        [
          { name: 'a', size: 1 },
          { name: 'b', size: 2e6 },
        ],
      ],
      'This field must not be larger than 1 MB',
      'Trường này không được lớn hơn 1 MB',
    );
  });
  it('fails as invalid when there is no size to check', () => {
    fails(
      rule,
      ['a.png', { name: 'a.png' }, 3],
      'This field is not valid',
      'Trường này không hợp lệ',
    );
  });
});

describe('withMessage', () => {
  it('uses the spec wording on failure and passes through success', () => {
    const name = withMessage(rules.required(), 'name_required');
    expect(check(name, '', 'en')).toBe('Name is required');
    expect(check(name, '', 'vi')).toBe('Tên là bắt buộc');
    expect(check(name, 'An', 'vi')).toBeNull();
  });
});
