import { describe, expect, it } from 'vitest';
import { buildValidators } from '../../shared/forms/useAppForm.ts';
import { eventFields, speakerErrors } from './fields.ts';
import { emptyEventValues, type EventFormValues } from './formModel.ts';

const labels: Record<string, string> = {
  'events.form.title': 'Title',
  'events.form.passcode': 'Passcode',
  'events.form.end': 'End',
  'events.form.start': 'Start',
  'events.form.name': 'Link name',
  'events.form.description': 'Description',
};

function check(values: EventFormValues, lang: 'en' | 'vi' = 'en') {
  const validators = buildValidators(eventFields, lang, (k) => labels[k] ?? k);
  return Object.fromEntries(
    Object.entries(validators)
      .map(([name, fn]) => [name, fn(values[name], values)] as const)
      .filter(([, message]) => message !== null),
  );
}

const base: EventFormValues = {
  ...emptyEventValues(new Date(2026, 2, 2, 9, 0)),
  title: 'Weekly',
  passcode: 'abcdef',
  requirePasscode: true,
};

describe('event form rules', () => {
  it('passes a complete event', () => {
    expect(check(base)).toEqual({});
  });

  it('requires a title (spec: Please fill out this field) and a passcode when required', () => {
    expect(check({ ...base, title: '  ', passcode: '' })).toEqual({
      title: 'Please fill out this field',
      passcode: 'Please enter the passcode',
    });
    expect(check({ ...base, passcode: '', requirePasscode: false })).toEqual({});
    expect(check({ ...base, title: '' }, 'vi').title).toBe('Vui lòng điền vào trường này');
  });

  it('wants the end after the start, only when scheduling', () => {
    const early = { ...base, end: '2026-03-02 09:00:00', start: '2026-03-02 09:30:00' };
    expect(check(early).end).toBe('End must be after 2026-03-02 09:30');
    expect(check({ ...early, timing: 'instant' })).toEqual({});
    expect(check({ ...base, end: null })).toEqual({});
  });

  it('checks passcode length and spaces, and the link name format', () => {
    expect(check({ ...base, passcode: 'abcd' }).passcode).toBe(
      'Passcode must be between 6 and 32 characters',
    );
    // An event made before the six-character rule keeps its shorter passcode unchanged.
    expect(check({ ...base, passcode: 'abcd', storedPasscode: 'abcd' })).toEqual({});
    expect(check({ ...base, passcode: 'abce', storedPasscode: 'abcd' }).passcode).toBe(
      'Passcode must be between 6 and 32 characters',
    );
    expect(check({ ...base, passcode: 'abc def' }).passcode).toBe('Passcode is not valid');
    expect(check({ ...base, name: 'my room' }).name).toBe('Link name has an invalid format');
    expect(check({ ...base, name: 'my-room-2' })).toEqual({});
  });

  it('checks each speaker row: name, email, duplicates', () => {
    const speakers = [
      { key: 'a', name: '', email: 'bad' },
      { key: 'b', name: 'Mai', email: 'MAI@example.test' },
      { key: 'c', name: 'Mai 2', email: 'mai@example.test' },
    ];
    expect(speakerErrors(speakers, 'en', { name: 'Speaker name', email: 'Speaker email' })).toEqual(
      {
        'speakers.0.name': 'Name is required',
        'speakers.0.email': 'Speaker email must be a valid email address',
        'speakers.2.email': 'This email is listed twice',
      },
    );
    expect(speakerErrors(speakers, 'vi', { name: 'Tên', email: 'Email' })['speakers.0.name']).toBe(
      'Tên là bắt buộc',
    );
  });
});
