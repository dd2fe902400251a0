import { describe, expect, it } from 'vitest';
import { pageTitle } from './pageTitle.ts';

const t = (key: string) => `<${key}>`;

describe('pageTitle', () => {
  it('uses the deepest route meta title', () => {
    const matches = [
      { handle: undefined },
      { handle: { meta: { title: 'titles.settings' } } },
      { handle: { meta: { title: 'titles.wallet' } } },
    ];
    expect(pageTitle(matches, t)).toBe('<titles.wallet> | PODIUM');
  });

  it('falls back to the product name', () => {
    expect(pageTitle([], t)).toBe('PODIUM');
    expect(pageTitle([{ handle: { meta: { requiresAuth: false } } }, { handle: 3 }], t)).toBe(
      'PODIUM',
    );
  });
});
