import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StreamingConfig } from '../../config.ts';

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts saved stream keys with AES-256-GCM.
 * SECURITY: the key encryption key is not in the database (STREAM_KEY_SECRET, or a file under
 * DATA_DIR made once with mode 0600), so a database dump or backup alone does not give the
 * stream keys away. Each ciphertext is bound to its row (`aad`: the server id and account), so a
 * sealed key copied onto another row or account does not open.
 */
export class StreamKeyCipher {
  readonly #key: Buffer;

  private constructor(key: Buffer) {
    this.#key = key;
  }

  static async load(config: StreamingConfig): Promise<StreamKeyCipher> {
    if (config.keySecret) return new StreamKeyCipher(parseSecret(config.keySecret));
    if (!config.keySecretFile) return new StreamKeyCipher(crypto.randomBytes(32));
    return new StreamKeyCipher(await loadOrCreate(config.keySecretFile));
  }

  seal(plain: string, aad: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The key, or null when it does not open (another server secret, tampered, other row). */
  open(sealed: string, aad: string): string | null {
    if (!sealed.startsWith(VERSION)) return null;
    const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}

function parseSecret(value: string): Buffer {
  const text = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('STREAM_KEY_SECRET must be 32 bytes (base64 or hex)');
  return key;
}

async function loadOrCreate(file: string): Promise<Buffer> {
  try {
    return parseSecret(await fs.readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const made = crypto.randomBytes(32);
  try {
    // 'wx': two processes starting together — the first file wins, the other reads it.
    await fs.writeFile(file, made.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseSecret(await fs.readFile(file, 'utf8'));
  }
}
