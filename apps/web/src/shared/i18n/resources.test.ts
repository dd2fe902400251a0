import { describe, expect, it } from 'vitest';
import {
  ErrorCode,
  errorCodeMessages,
  serverMessages,
  serverMessageTexts,
  type ServerMessageKey,
} from '@podium/protocol';
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

  it('shows every server message key and error code in both languages, as the protocol words them', () => {
    for (const language of ['en', 'vi'] as const) {
      for (const key of Object.keys(serverMessages) as ServerMessageKey[]) {
        expect(lookup(resources[language], `serverErrors.${key}`), key).toBe(
          serverMessageTexts[language][key],
        );
      }
      for (const code of Object.values(ErrorCode)) {
        expect(lookup(resources[language], `serverErrors.code.${code}`), code).toBe(
          errorCodeMessages[language][code],
        );
      }
    }
    // What the server sends in English is what an English reader sees.
    expect(serverMessageTexts.en).toBe(serverMessages);
  });

  it('has the spec wording (§8) for the errors it shows', () => {
    expect(lookup(resources.en, 'serverErrors.errors.permission')).toBe(
      'You do not have permission to perform this function',
    );
    expect(lookup(resources.en, 'serverErrors.errors.resend_failed')).toBe(
      'Could not resend verification',
    );
    expect(lookup(resources.vi, 'serverErrors.errors.internal')).toBe(
      'Đã xảy ra lỗi, vui lòng thử lại',
    );
    // A refused settings change says so in the spec's words (the server's reason follows it).
    expect(lookup(resources.vi, 'settings.updateFailed')).toBe('Cập nhật thất bại');
  });

  it('has a title for every route and a message for every placeholder', () => {
    for (const route of routeTable) {
      if (!route.meta.title) continue;
      expect(typeof lookup(resources.en, route.meta.title), route.path).toBe('string');
      expect(typeof lookup(resources.vi, route.meta.title), route.path).toBe('string');
    }
    // Every screen of spec §2 is built (issue 15: no placeholder left).
    expect(placeholderRoutes.map((r) => r.path)).toEqual([]);
  });

  it('refuses two features defining the same key', () => {
    const a = { en: { x: { y: 'a' } }, vi: { x: { y: 'a' } } };
    const b = { en: { x: { z: 'b' } }, vi: { x: { z: 'b' } } };
    expect(leafKeys(mergeStrings([a, b]).en)).toEqual(['x.y', 'x.z']);
    expect(() => mergeStrings([a, a])).toThrow('Duplicate translation key "x.y"');
  });
});
