import { describe, expect, it } from 'vitest';
import { parseClientMessage, PUBLISH_SOURCES } from '../signaling.ts';
import { CAMERA_SHARE_MAX, CAMERA_SHARE_SOURCES, isCameraShareSource } from './cameraShare.ts';

const start = (name: unknown, source: unknown = 'camera_share_1') =>
  parseClientMessage({ type: 'camera_share_start', id: '1', source, name });

describe('camera share messages', () => {
  it('takes a trimmed one-line name of 1–40 characters', () => {
    const ok = start('  Document camera  ');
    expect(ok.ok && ok.message).toMatchObject({ name: 'Document camera' });
    expect(start('Camera tài liệu').ok).toBe(true);
    expect(start('   ').ok).toBe(false);
    expect(start('x'.repeat(41)).ok).toBe(false);
    expect(start('line\nbreak').ok).toBe(false);
    expect(start('bell\u0007').ok).toBe(false);
  });

  it('has three sources a person may share from, also publishing sources', () => {
    expect(CAMERA_SHARE_MAX).toBe(3);
    expect(start('A', 'camera_share_4').ok).toBe(false);
    expect(start('A', 'screen').ok).toBe(false);
    for (const source of CAMERA_SHARE_SOURCES) {
      expect(isCameraShareSource(source)).toBe(true);
      expect(PUBLISH_SOURCES).toContain(source);
    }
    expect(isCameraShareSource('camera')).toBe(false);
  });
});
