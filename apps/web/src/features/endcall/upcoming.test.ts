import { describe, expect, it } from 'vitest';
import type { AliasDto } from '@podium/protocol';
import { upcomingEvents } from './upcoming.ts';

const NOW = Date.parse('2026-03-02T10:00:00Z');

const event = (
  name: string,
  start: string,
  end: string,
  expired: string | null = null,
): AliasDto => ({
  id: name,
  type: 'conference',
  name,
  title: name.toUpperCase(),
  description: '',
  require_passcode: false,
  start_time: start,
  end_time: end,
  duration: 60,
  mode: 'meeting',
  join_before_host: false,
  invite_link: `/j/${name}`,
  speaker_link: '',
  speakers: [],
  expired_at: expired,
  owner: { id: 'o', name: 'Owner' },
  created_at: start,
  updated_at: start,
});

describe('upcoming events', () => {
  const events = [
    event('later', '2026-03-05T09:00:00Z', '2026-03-05T10:00:00Z'),
    event('past', '2026-03-01T09:00:00Z', '2026-03-01T10:00:00Z'),
    event('now', '2026-03-02T09:30:00Z', '2026-03-02T10:30:00Z'),
    event('soon', '2026-03-02T12:00:00Z', '2026-03-02T13:00:00Z'),
    event('expired', '2026-03-03T09:00:00Z', '2026-03-03T10:00:00Z', '2026-03-02T09:00:00Z'),
    event('left-one', '2026-03-02T11:00:00Z', '2026-03-02T12:00:00Z'),
  ];

  it('keeps events not over and not expired, soonest first', () => {
    expect(upcomingEvents(events, NOW).map((e) => e.name)).toEqual([
      'now',
      'left-one',
      'soon',
      'later',
    ]);
  });

  it('leaves out the event just left, and caps the list', () => {
    expect(upcomingEvents(events, NOW, 'LEFT-ONE', 2).map((e) => e.name)).toEqual(['now', 'soon']);
  });
});
