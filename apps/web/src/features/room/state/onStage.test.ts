import { describe, expect, it } from 'vitest';
import type { ParticipantView } from '@podium/protocol';
import { isOnStage } from './onStage.ts';

const person = (over: Partial<ParticipantView>): ParticipantView => ({
  id: 'p',
  name: 'P',
  role: 'participant',
  guest: false,
  state: 'connected',
  audio: false,
  video: false,
  screen: false,
  hand_raised_at: null,
  invisible: false,
  interpreter_channel: null,
  can_publish: { audio: false, video: false, screen: false },
  ...over,
});

describe('isOnStage', () => {
  it('gives everyone a tile in a meeting', () => {
    expect(isOnStage('meeting', person({}))).toBe(true);
    expect(isOnStage('endtoend', person({ role: 'guest' }))).toBe(true);
  });

  it('gives the audience of a conference or theater no tile unless they publish', () => {
    for (const mode of ['conference', 'theater', 'livestream'] as const) {
      expect(isOnStage(mode, person({}))).toBe(false);
      expect(isOnStage(mode, person({ role: 'guest' }))).toBe(false);
      expect(isOnStage(mode, person({ audio: true }))).toBe(true);
      expect(isOnStage(mode, person({ role: 'presenter' }))).toBe(true);
      expect(isOnStage(mode, person({ role: 'host' }))).toBe(true);
      expect(isOnStage(mode, person({ role: 'co-host' }))).toBe(true);
    }
  });
});
