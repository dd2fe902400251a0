import { describe, expect, it } from 'vitest';
import { allApiPaths, apiPaths, pathTo } from './paths.ts';
import { storageFileUrl } from './storage.ts';

describe('apiPaths', () => {
  it('holds each path once, every one absolute', () => {
    const paths = allApiPaths();
    expect(paths.length).toBeGreaterThan(60);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/[\w./:-]*$/);
  });

  it('fills route parameters URL-encoded', () => {
    expect(pathTo(apiPaths.storage.file, { id: 'a b/c' })).toBe('/api/storage/file/a%20b%2Fc');
    expect(storageFileUrl('f_1')).toBe('/api/storage/file/f_1');
    // A path without parameters comes back as it is.
    expect(pathTo(apiPaths.gifts.send, {})).toBe('/api/gifts/send');
  });

  it('refuses a pattern whose parameter has no value', () => {
    const untyped = pathTo as (pattern: string, params: Record<string, string>) => string;
    expect(() => untyped(apiPaths.storage.file, {})).toThrow(/:id/);
  });
});
