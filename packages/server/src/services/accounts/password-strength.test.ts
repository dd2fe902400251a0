import { describe, expect, it } from 'vitest';
import { isWeakPassword } from './password-strength.ts';

describe('isWeakPassword', () => {
  it.each(['12345678', 'password', '        ', 'Password', 'qwertyuiop', '11111111', 'P@ssw0rd'])(
    'refuses the common or trivial %j',
    (password) => {
      expect(isWeakPassword(password)).toBe(true);
    },
  );

  it.each(['Podium-e2e-Passw0rd!', 'correct horse battery', 'after-reset-pw', 'Tr0ub4dor&3'])(
    'accepts %j',
    (password) => {
      expect(isWeakPassword(password)).toBe(false);
    },
  );

  it("counts the account's own identifiers as known words", () => {
    expect(isWeakPassword('maitran.nguyen1', [])).toBe(false);
    expect(isWeakPassword('maitran.nguyen1', ['maitran.nguyen@example.test'])).toBe(true);
  });

  it('judges a very long password quickly', () => {
    const started = performance.now();
    expect(isWeakPassword('a'.repeat(20) + 'Xy9!'.repeat(27))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
