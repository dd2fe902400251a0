import { describe, expect, it } from 'vitest';
import { ErrorCode, serverMessages } from '@podium/protocol';
import { resources } from './resources.ts';
import { leafKeys, mergeStrings, type StringTree } from './strings.ts';
import { routeTable } from '../../app/routeTable.ts';
import { placeholderRoutes } from '../../app/placeholderRoutes.ts';

function lookup(tree: StringTree, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => {
    return typeof node === 'object' && node !== null ? (node as StringTree)[key] : undefined;
  }, tree);
}

describe('translations', () => {
  it('English and Vietnamese have exactly the same keys, none empty', () => {
    const en = leafKeys(resources.en).sort();
    const vi = leafKeys(resources.vi).sort();
    expect(vi).toEqual(en);
    for (const key of en) {
      expect(String(lookup(resources.en, key)).trim(), key).not.toBe('');
      expect(String(lookup(resources.vi, key)).trim(), key).not.toBe('');
    }
  });

  it('translates every server message key and error code into both languages', () => {
    for (const key of Object.keys(serverMessages)) {
      expect(typeof lookup(resources.en, `serverErrors.${key}`), key).toBe('string');
      expect(typeof lookup(resources.vi, `serverErrors.${key}`), key).toBe('string');
    }
    for (const code of Object.values(ErrorCode)) {
      expect(typeof lookup(resources.vi, `serverErrors.code.${code}`), code).toBe('string');
    }
  });

  it('has the spec wording for the auth errors', () => {
    expect(lookup(resources.en, 'serverErrors.errors.permission')).toBe(
      'You do not have permission to perform this function',
    );
    expect(lookup(resources.en, 'serverErrors.errors.resend_failed')).toBe(
      'Could not resend verification',
    );
    expect(lookup(resources.vi, 'serverErrors.errors.update_failed')).toBe('Cập nhật thất bại');
  });

  it('has a title for every route and a message for every placeholder', () => {
    for (const route of routeTable) {
      if (!route.meta.title) continue;
      expect(typeof lookup(resources.en, route.meta.title), route.path).toBe('string');
      expect(typeof lookup(resources.vi, route.meta.title), route.path).toBe('string');
    }
    expect(placeholderRoutes.length).toBeGreaterThan(0);
  });

  it('refuses two features defining the same key', () => {
    const a = { en: { x: { y: 'a' } }, vi: { x: { y: 'a' } } };
    const b = { en: { x: { z: 'b' } }, vi: { x: { z: 'b' } } };
    expect(leafKeys(mergeStrings([a, b]).en)).toEqual(['x.y', 'x.z']);
    expect(() => mergeStrings([a, a])).toThrow('Duplicate translation key "x.y"');
  });
});
