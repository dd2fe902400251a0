import { describe, expect, it } from 'vitest';
import { parseJoinInput } from './joinInput.ts';

describe('parseJoinInput', () => {
  it.each([
    ['aB3dE5fG7hJ9', '/j/aB3dE5fG7hJ9'],
    ['  team-weekly  ', '/j/team-weekly'],
    ['https://podium.example.com/j/team-weekly', '/j/team-weekly'],
    ['http://localhost:8080/join/team-weekly?x=1', '/j/team-weekly'],
    ['podium.example.com/c/front-desk', '/c/front-desk'],
    ['/call/front-desk', '/c/front-desk'],
  ])('%j → %j', (raw, expected) => {
    expect(parseJoinInput(raw)).toBe(expected);
  });

  it.each([
    '',
    '  ',
    'ab',
    'has space',
    'https://example.com/',
    'javascript:alert(1)',
    'https://x/j/a%2Fb',
    'https://x/j/<script>',
  ])('refuses %j', (raw) => {
    expect(parseJoinInput(raw)).toBeNull();
  });
});
