import { describe, expect, it } from 'vitest';
import type { AliasDto } from '@podium/protocol';
import {
  createRequest,
  emptyEventValues,
  formField,
  localToIso,
  nextHalfHour,
  toLocalString,
  updateRequest,
  valuesFromEvent,
} from './formModel.ts';

const now = new Date(2026, 2, 2, 9, 12, 40);

const stored: AliasDto = {
  id: 'ev-1',
  type: 'conference',
  name: 'team-weekly',
  title: 'Weekly',
  description: 'Notes',
  require_passcode: true,
  passcode: 'secret-1',
  start_time: '2026-03-02T03:00:00.000Z',
  end_time: '2026-03-02T04:00:00.000Z',
  duration: 60,
  mode: 'conference',
  join_before_host: false,
  invite_link: 'http://x/j/team-weekly',
  speaker_link: 'http://x/j/team-weekly?speaker=t',
  speakers: [{ name: 'Mai', email: 'mai@example.test' }],
  expired_at: null,
  owner: { id: 'acc', name: 'Ann' },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('event form model', () => {
  it('starts a new event at the next half hour for an hour', () => {
    expect(toLocalString(nextHalfHour(now))).toBe('2026-03-02 09:30:00');
    expect(toLocalString(nextHalfHour(new Date(2026, 2, 2, 9, 45)))).toBe('2026-03-02 10:00:00');
    const values = emptyEventValues(now, 'endtoend');
    expect(values).toMatchObject({
      start: '2026-03-02 09:30:00',
      end: '2026-03-02 10:30:00',
      mode: 'endtoend',
      // No passcode is asked for until the host turns the requirement on (issue 15).
      requirePasscode: false,
      timing: 'scheduled',
    });
  });

  it('sends picker times (the viewer’s zone) as UTC instants', () => {
    const local = '2026-03-02 10:00:00';
    expect(localToIso(local)).toBe(new Date(2026, 2, 2, 10, 0, 0).toISOString());
    expect(localToIso('not a date')).toBeNull();
    expect(localToIso(null)).toBeNull();
  });

  it('round-trips a stored event through the form', () => {
    const values = valuesFromEvent(stored);
    expect(localToIso(values.start)).toBe(stored.start_time);
    expect(localToIso(values.end)).toBe(stored.end_time);
    expect(values.speakers.map(({ name, email }) => ({ name, email }))).toEqual(stored.speakers);
    const body = updateRequest(stored, values, now, 'en');
    expect(body).toMatchObject({
      id: 'ev-1',
      title: 'Weekly',
      passcode: 'secret-1',
      require_passcode: true,
      start_time: stored.start_time,
      end_time: stored.end_time,
      mode: 'conference',
      speakers: stored.speakers,
    });
    // An unchanged link name is not sent (it would need no check); a new one is.
    expect(body).not.toHaveProperty('name');
    expect(updateRequest(stored, { ...values, name: 'new-name' }, now, 'en').name).toBe('new-name');
    // Clearing the passcode clears the requirement with it.
    expect(updateRequest(stored, { ...values, passcode: '' }, now, 'en')).toMatchObject({
      passcode: null,
      require_passcode: false,
    });
  });

  it('an instant event starts now and lasts the default duration', () => {
    const values = { ...emptyEventValues(now), title: ' Standup ', timing: 'instant' as const };
    const body = createRequest(values, now, 'vi');
    expect(body).toMatchObject({
      type: 'conference',
      title: 'Standup',
      start_time: now.toISOString(),
      duration: 60,
      require_passcode: false,
      lang: 'vi',
    });
    expect(body).not.toHaveProperty('end_time');
    expect(body).not.toHaveProperty('passcode');
    expect(body).not.toHaveProperty('name');
  });

  it('drops empty speaker rows and trims the others', () => {
    const values = {
      ...emptyEventValues(now),
      title: 'T',
      passcode: 'abcd',
      requirePasscode: true,
      speakers: [
        { key: 'a', name: ' Mai ', email: ' mai@example.test ' },
        { key: 'b', name: '', email: '' },
      ],
    };
    expect(createRequest(values, now, 'en')).toMatchObject({
      passcode: 'abcd',
      require_passcode: true,
      speakers: [{ name: 'Mai', email: 'mai@example.test' }],
    });
  });

  it('maps server field paths onto form fields', () => {
    expect(formField('end_time')).toBe('end');
    expect(formField('start_time')).toBe('start');
    expect(formField('speakers.0.email')).toBe('speakers.0.email');
    expect(formField('title')).toBe('title');
  });
});
