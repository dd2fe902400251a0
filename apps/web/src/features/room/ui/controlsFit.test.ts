import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTROL_GAP, CONTROL_SIZE, inlineControlCount } from './controlsFit.ts';

const SLOT = CONTROL_SIZE + CONTROL_GAP;

describe('inlineControlCount', () => {
  it('shows every control when they all fit, without More options', () => {
    expect(inlineControlCount({ available: 1000, reserved: 400, total: 10 })).toBe(10);
    expect(inlineControlCount({ available: 400 + 10 * SLOT, reserved: 400, total: 10 })).toBe(10);
  });

  it('keeps a slot for More options once one control does not fit', () => {
    // Room for 9 of 10: 8 inline, More options in the ninth slot.
    expect(inlineControlCount({ available: 400 + 9 * SLOT, reserved: 400, total: 10 })).toBe(8);
    expect(inlineControlCount({ available: 400 + 9 * SLOT - 1, reserved: 400, total: 10 })).toBe(7);
  });

  it('moves them all behind More options when there is no room', () => {
    expect(inlineControlCount({ available: 300, reserved: 400, total: 5 })).toBe(0);
    expect(inlineControlCount({ available: 400 + SLOT, reserved: 400, total: 5 })).toBe(0);
  });

  it('has nothing to place without controls', () => {
    expect(inlineControlCount({ available: 100, reserved: 400, total: 0 })).toBe(0);
  });

  it('never lays the bar out wider than it is, and shows as many as fit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 30 }),
        (available, reserved, total) => {
          const inline = inlineControlCount({ available, reserved, total });
          expect(inline).toBeGreaterThanOrEqual(0);
          expect(inline).toBeLessThanOrEqual(total);
          const more = inline < total ? 1 : 0;
          const width = reserved + (inline + more) * SLOT;
          // Within the bar whenever the core controls themselves fit.
          if (inline > 0 || (more === 0 && total > 0)) expect(width).toBeLessThanOrEqual(available);
          // One more inline control would not fit.
          if (inline < total) {
            const next = inline + 1 < total ? 1 : 0;
            expect(reserved + (inline + 1 + next) * SLOT).toBeGreaterThan(available);
          }
        },
      ),
    );
  });
});
