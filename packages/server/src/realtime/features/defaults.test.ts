import { describe, expect, it } from 'vitest';
import {
  CLOSED_WHITEBOARD,
  DEFAULT_STUDIO,
  IDLE_RECORDING,
  WELCOME_DEFAULTS,
} from '@podium/protocol';
import { isWelcomeDefault } from './defaults.ts';

describe('isWelcomeDefault', () => {
  it('knows every default, and the same state built apart from it', () => {
    for (const message of WELCOME_DEFAULTS) {
      expect(isWelcomeDefault(message), message.type).toBe(true);
      expect(isWelcomeDefault(structuredClone(message)), message.type).toBe(true);
    }
  });

  it('does not take a state that differs anywhere, however deep, for the default', () => {
    expect(
      isWelcomeDefault({
        type: 'recording_state',
        recording: { ...IDLE_RECORDING, state: 'recording' },
      }),
    ).toBe(false);
    expect(
      isWelcomeDefault({
        type: 'whiteboard_state',
        whiteboard: { ...CLOSED_WHITEBOARD, open: true },
      }),
    ).toBe(false);
    expect(
      isWelcomeDefault({
        type: 'studio_state',
        studio: { ...DEFAULT_STUDIO, text: { ...DEFAULT_STUDIO.text, text: 'Live' } },
        by: null,
      }),
    ).toBe(false);
    // The default studio set back by a host is told: who set it shows.
    expect(isWelcomeDefault({ type: 'studio_state', studio: DEFAULT_STUDIO, by: 'p1' })).toBe(
      false,
    );
    expect(
      isWelcomeDefault({
        type: 'camera_shares',
        shares: [{ participant_id: 'p1', source: 'camera_share_1', name: 'Desk' }],
      }),
    ).toBe(false);
  });

  it("ignores the server's clock, not the state sent with it", () => {
    expect(isWelcomeDefault({ type: 'video_state', video: null, now: Date.now() })).toBe(true);
  });

  it('never drops a message that has no default', () => {
    expect(isWelcomeDefault({ type: 'chat_history', messages: [] })).toBe(false);
    expect(isWelcomeDefault({ type: 'e2ee_public_keys', keys: [] })).toBe(false);
  });
});
