import { describe, expect, it } from 'vitest';
import { classifyMediaError, deviceErrorKey } from './errors.ts';
import { resources } from '../i18n/resources.ts';

const dom = (name: string) => new DOMException('x', name);

describe('getUserMedia errors → device messages (spec §8)', () => {
  it.each([
    ['NotFoundError', null, 'not_found'],
    ['DevicesNotFoundError', null, 'not_found'],
    ['OverconstrainedError', null, 'not_found'],
    ['NotAllowedError', 'prompt', 'denied'],
    ['NotAllowedError', null, 'denied'],
    ['NotAllowedError', 'denied', 'blocked'],
    ['PermissionDeniedError', 'denied', 'blocked'],
    ['SecurityError', null, 'blocked'],
    ['NotReadableError', null, 'not_readable'],
    ['TrackStartError', null, 'not_readable'],
    ['AbortError', null, 'not_readable'],
    ['TypeError', null, 'unknown'],
  ] as const)('%s (permission %s) → %s', (name, permission, kind) => {
    expect(classifyMediaError(dom(name), permission)).toBe(kind);
  });

  it('treats non-errors as unknown', () => {
    expect(classifyMediaError('boom')).toBe('unknown');
    expect(classifyMediaError(null)).toBe('unknown');
  });

  it('has a message in both languages for every kind and device', () => {
    const lookup = (tree: unknown, key: string) =>
      key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], tree);
    for (const device of ['camera', 'microphone'] as const) {
      for (const kind of ['not_found', 'blocked', 'denied', 'not_readable', 'unknown'] as const) {
        const key = deviceErrorKey(kind, device);
        expect(typeof lookup(resources.en, key), key).toBe('string');
        expect(typeof lookup(resources.vi, key), key).toBe('string');
      }
    }
    expect(lookup(resources.en, 'join.deviceErrors.microphone.not_found')).toMatch(
      /^Microphone not found\. Check .* system settings\.$/,
    );
  });
});
