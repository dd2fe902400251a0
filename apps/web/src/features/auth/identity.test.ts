import { describe, expect, it } from 'vitest';
import { isPhoneNumber, optionalText, verifiesByPhone } from './identity.ts';
import { displayName } from '../../shared/session/account.ts';

describe('identity helpers', () => {
  it('verifies by SMS only for an account without email but with a phone', () => {
    expect(verifiesByPhone({ email: null, phone_number: '+84901234567' }, '')).toBe(true);
    expect(verifiesByPhone({ email: 'a@b.co', phone_number: '+84901234567' }, '')).toBe(false);
    expect(verifiesByPhone(null, '+84901234567')).toBe(true);
    expect(verifiesByPhone(undefined, 'ann@example.com')).toBe(false);
    expect(isPhoneNumber(' 0901234567 ')).toBe(true);
  });

  it('greets by full name, then first and last name, then username or email', () => {
    const none = {
      full_name: null,
      first_name: null,
      last_name: null,
      username: null,
      email: null,
    };
    expect(displayName({ ...none, full_name: ' Ann Lee ' })).toBe('Ann Lee');
    expect(displayName({ ...none, first_name: 'Ann', last_name: 'Lee' })).toBe('Ann Lee');
    expect(displayName({ ...none, username: 'ann' })).toBe('ann');
    expect(displayName({ ...none, email: 'a@b.co' })).toBe('a@b.co');
    expect(displayName(none)).toBe('');
  });

  it('drops empty optional text', () => {
    expect(optionalText('  ')).toBeUndefined();
    expect(optionalText(' x ')).toBe('x');
  });
});
