import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StreamKeyCipher } from './key-cipher.ts';

const base = { allowPrivateHosts: false, retryMax: 5, retryBaseMs: 2000 };
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('stream key encryption', () => {
  it('opens what it sealed only for the same row, and never stores the key as given', async () => {
    const cipher = await StreamKeyCipher.load({
      ...base,
      keySecret: undefined,
      keySecretFile: undefined,
    });
    const sealed = cipher.seal('live-KEY-123', 'stream-server:1:alice');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('live-KEY-123');
    expect(cipher.open(sealed, 'stream-server:1:alice')).toBe('live-KEY-123');
    // Copied onto another row or account: does not open.
    expect(cipher.open(sealed, 'stream-server:1:mallory')).toBeNull();
    // Tampered (one bit of the encrypted key flipped): does not open. (Editing a character of
    // the text instead left it unchanged when that character was already the replacement.)
    const raw = Buffer.from(sealed.slice('v1:'.length), 'base64url');
    raw[raw.length - 1]! ^= 1;
    const flipped = 'v1:' + raw.toString('base64url');
    expect(flipped).not.toBe(sealed);
    expect(cipher.open(flipped, 'stream-server:1:alice')).toBeNull();
    expect(cipher.open('garbage', 'stream-server:1:alice')).toBeNull();
  });

  it('keeps a generated secret in a 0600 file and uses it again after a restart', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-stream-key-'));
    dirs.push(dir);
    const file = path.join(dir, 'stream-key.secret');
    const config = { ...base, keySecret: undefined, keySecretFile: file };
    const sealed = (await StreamKeyCipher.load(config)).seal('k-1', 'aad');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await StreamKeyCipher.load(config)).open(sealed, 'aad')).toBe('k-1');
  });

  it('takes STREAM_KEY_SECRET as 32 bytes and refuses anything else', async () => {
    const hex = 'ab'.repeat(32);
    const a = await StreamKeyCipher.load({ ...base, keySecret: hex, keySecretFile: undefined });
    const b = await StreamKeyCipher.load({ ...base, keySecret: hex, keySecretFile: undefined });
    expect(b.open(a.seal('k', 'x'), 'x')).toBe('k');
    await expect(
      StreamKeyCipher.load({ ...base, keySecret: 'short', keySecretFile: undefined }),
    ).rejects.toThrow('32 bytes');
  });
});
