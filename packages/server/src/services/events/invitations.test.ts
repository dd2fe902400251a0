import { describe, expect, it } from 'vitest';
import { mailSafeText } from './invitations.ts';

describe('mailSafeText', () => {
  it.each([
    ['Claim at https://evil.example/win', 'Claim at hxxps[:]//evil[.]example/win'],
    ['http://10.0.0.1/x', 'hxxp[:]//10.0.0.1/x'],
    ['visit evil.example now', 'visit evil[.]example now'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['mail boss@evil.example', 'mail boss@evil[.]example'],
    ['ftp://files.evil.example', 'fxp[:]//files[.]evil[.]example'],
  ])('defangs %j', (text, safe) => {
    expect(mailSafeText(text)).toBe(safe);
  });

  it('leaves ordinary titles and names alone', () => {
    for (const text of ['Họp quý 3', 'Q3 results v1.2', 'Town hall: 9.30 start', 'Lan Nguyễn']) {
      expect(mailSafeText(text)).toBe(text);
    }
  });
});
