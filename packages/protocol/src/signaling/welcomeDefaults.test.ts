import { describe, expect, it } from 'vitest';
import { serverMessage } from '../signaling.ts';
import { WELCOME_DEFAULTS } from './welcomeDefaults.ts';

describe('WELCOME_DEFAULTS', () => {
  it('are messages the server may send, as the schemas read them', () => {
    for (const message of WELCOME_DEFAULTS) {
      expect(serverMessage.parse(message), message.type).toEqual(message);
    }
  });

  it('hold one default per message type (a second would make the first ambiguous)', () => {
    const types = WELCOME_DEFAULTS.map((m) => m.type);
    expect(new Set(types).size).toBe(types.length);
  });
});
