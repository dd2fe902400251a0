import { describe, expect, it } from 'vitest';
import { formatDateForMessage, matchesDateFormat, parseDate } from './dates.ts';

describe('parseDate', () => {
  it('reads date-only and offset-less strings in local time', () => {
    expect(parseDate('2024-03-05')?.getTime()).toBe(new Date(2024, 2, 5).getTime());
    expect(parseDate('2024-03-05 07:08')?.getTime()).toBe(new Date(2024, 2, 5, 7, 8).getTime());
    expect(parseDate('2024-03-05T07:08:09.123')?.getTime()).toBe(
      new Date(2024, 2, 5, 7, 8, 9, 123).getTime(),
    );
  });
  it('honours Z and numeric offsets', () => {
    expect(parseDate('2024-03-05T07:08:00Z')?.toISOString()).toBe('2024-03-05T07:08:00.000Z');
    expect(parseDate('2024-03-05T07:08:00+07:00')?.toISOString()).toBe('2024-03-05T00:08:00.000Z');
    expect(parseDate('2024-03-05T07:08-0130')?.toISOString()).toBe('2024-03-05T08:38:00.000Z');
  });
  it('accepts valid Dates and refuses everything else', () => {
    const d = new Date();
    expect(parseDate(d)).toBe(d);
    for (const bad of [
      new Date('nope'),
      '2024-02-30',
      '2023-02-29',
      '2024-13-01',
      '2024-01-01T24:00',
      '2024-01-01Z',
      '2024-1-1',
      'next week',
      1_700_000_000_000,
      null,
    ]) {
      expect(parseDate(bad), String(bad)).toBeNull();
    }
    expect(parseDate('2024-02-29')).not.toBeNull();
  });
});

describe('formatDateForMessage', () => {
  it('shows the day, and the time only when there is one', () => {
    expect(formatDateForMessage(new Date(2024, 0, 9))).toBe('2024-01-09');
    expect(formatDateForMessage(new Date(2024, 0, 9, 8, 5))).toBe('2024-01-09 08:05');
  });
});

describe('matchesDateFormat', () => {
  it('reads tokens and keeps other characters literal', () => {
    expect(matchesDateFormat('2024.12.31', 'YYYY.MM.DD')).toBe(true);
    expect(matchesDateFormat('2024-12-31', 'YYYY.MM.DD')).toBe(false);
    expect(matchesDateFormat('31/12/2024 23:59:59', 'DD/MM/YYYY HH:mm:ss')).toBe(true);
    expect(matchesDateFormat('(12)', '(MM)')).toBe(true);
  });
  it('checks the calendar', () => {
    expect(matchesDateFormat('29/02', 'DD/MM')).toBe(true);
    expect(matchesDateFormat('30/02', 'DD/MM')).toBe(false);
    expect(matchesDateFormat('31', 'DD')).toBe(true);
    expect(matchesDateFormat('32', 'DD')).toBe(false);
    expect(matchesDateFormat('00', 'MM')).toBe(false);
    expect(matchesDateFormat('23:59', 'HH:mm')).toBe(true);
    expect(matchesDateFormat('23:60', 'HH:mm')).toBe(false);
  });
  it('requires repeated tokens to agree', () => {
    expect(matchesDateFormat('2024 2024', 'YYYY YYYY')).toBe(true);
    expect(matchesDateFormat('2024 2025', 'YYYY YYYY')).toBe(false);
  });
});
