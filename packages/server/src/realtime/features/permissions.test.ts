import { describe, expect, it } from 'vitest';
import { FEATURE_PERMISSIONS } from '../../rooms/feature-permissions/index.ts';
import { can, ROLES } from '../../rooms/index.ts';
import { ROOM_FEATURES } from './index.ts';

describe('in-call feature permissions', () => {
  it('each action has its columns in exactly one feature', () => {
    const owners = new Map<string, number>();
    for (const columns of FEATURE_PERMISSIONS)
      for (const action of Object.keys(columns)) owners.set(action, (owners.get(action) ?? 0) + 1);
    expect([...owners].filter(([, count]) => count !== 1)).toEqual([]);
  });

  it('every feature with permissions names columns the room table uses', () => {
    const declared = ROOM_FEATURES.flatMap((f) => (f.permissions ? [f.permissions] : []));
    expect(declared.length).toBeGreaterThan(0);
    for (const columns of declared) expect(FEATURE_PERMISSIONS).toContain(columns);
    // …and the table answers with the feature's own cells.
    for (const columns of declared)
      for (const [action, rules] of Object.entries(columns))
        for (const role of ROLES) {
          const rule = rules[role];
          if (typeof rule === 'boolean')
            expect(can(role, action as Parameters<typeof can>[1]), `${role} × ${action}`).toBe(
              rule,
            );
        }
  });
});
