import { describe, expect, it } from 'vitest';
import { THEME_PRIMARY } from '@podium/protocol';
import { ACCENT_SHADE, shadesAround } from './palette.ts';
import { theme } from './theme.ts';

describe('primary palette', () => {
  it('puts #C52428 at the primary shade, lighter before and darker after', () => {
    const shades = shadesAround(THEME_PRIMARY);
    expect(shades).toHaveLength(10);
    expect(shades[ACCENT_SHADE]).toBe('#C52428');
    const lightness = shades.map((hex) =>
      [1, 3, 5].reduce((sum, i) => sum + parseInt(hex.slice(i, i + 2), 16), 0),
    );
    for (let i = 1; i < lightness.length; i += 1) {
      expect(lightness[i]).toBeLessThan(lightness[i - 1]!);
    }
  });

  it('is the theme primary colour in both schemes', () => {
    expect(theme.primaryColor).toBe('podium');
    expect(theme.colors?.podium?.[ACCENT_SHADE]).toBe('#C52428');
    expect(theme.primaryShade).toEqual({ light: ACCENT_SHADE, dark: ACCENT_SHADE });
  });
});
