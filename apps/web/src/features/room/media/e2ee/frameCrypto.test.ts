import { describe, expect, it } from 'vitest';
import {
  clearBytes,
  decryptFrame,
  deriveFrameKey,
  FrameDecryptError,
  FrameEncryptor,
  keyIndexOf,
  TRAILER_BYTES,
  TAG_BYTES,
  type FrameKind,
} from './frameCrypto.ts';
import { frameTransform, type EncodedFrame } from './transform.ts';

function frameOf(length: number): ArrayBuffer {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) bytes[i] = (i * 31 + 7) & 0xff;
  return bytes.buffer;
}

const bytesOf = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer));

describe('frame encryption', () => {
  const keys = Promise.all([
    deriveFrameKey('correct horse battery staple', 'team-standup'),
    deriveFrameKey('a different passphrase', 'team-standup'),
    deriveFrameKey('correct horse battery staple', 'another-room'),
  ]);

  it.each<[FrameKind, number]>([
    ['video-key', 1200],
    ['video-delta', 300],
    ['audio', 80],
    ['audio', 1],
  ])('%s frames of %i bytes round-trip with the header in clear', async (kind, length) => {
    const [key] = await keys;
    const frame = frameOf(length);
    const sealed = await new FrameEncryptor().encrypt(key, 3, frame, kind);
    const clear = Math.min(clearBytes(kind), length);
    expect(sealed.byteLength).toBe(length + TAG_BYTES + TRAILER_BYTES);
    // The codec header stays readable by the media server and the decoder...
    expect(bytesOf(sealed).slice(0, clear)).toEqual(bytesOf(frame).slice(0, clear));
    // ...the payload does not.
    if (length > clear) {
      expect(bytesOf(sealed).slice(clear, length)).not.toEqual(bytesOf(frame).slice(clear));
    }
    expect(keyIndexOf(sealed)).toBe(3);
    expect(bytesOf(await decryptFrame(key, sealed, kind))).toEqual(bytesOf(frame));
  });

  it('keeps 10 bytes of a VP8 key frame, 3 of a delta frame and 1 of an Opus frame in clear', () => {
    expect(clearBytes('video-key')).toBe(10);
    expect(clearBytes('video-delta')).toBe(3);
    expect(clearBytes('audio')).toBe(1);
  });

  it('never reuses an IV: the same frame encrypts differently each time and per sender', async () => {
    const [key] = await keys;
    const frame = frameOf(100);
    const one = new FrameEncryptor();
    const two = new FrameEncryptor();
    const sealed = await Promise.all([
      one.encrypt(key, 0, frame, 'video-delta'),
      one.encrypt(key, 0, frame, 'video-delta'),
      two.encrypt(key, 0, frame, 'video-delta'),
    ]);
    const ivs = sealed.map((s) => bytesOf(s).slice(-TRAILER_BYTES, -1).join(','));
    expect(new Set(ivs).size).toBe(3);
  });

  it('fails with a wrong passphrase or the same passphrase of another room', async () => {
    const [key, wrong, otherRoom] = await keys;
    const sealed = await new FrameEncryptor().encrypt(key, 0, frameOf(500), 'video-key');
    await expect(decryptFrame(wrong, sealed, 'video-key')).rejects.toBeInstanceOf(
      FrameDecryptError,
    );
    await expect(decryptFrame(otherRoom, sealed, 'video-key')).rejects.toBeInstanceOf(
      FrameDecryptError,
    );
  });

  it('fails on a tampered payload, header or IV', async () => {
    const [key] = await keys;
    const sealed = await new FrameEncryptor().encrypt(key, 0, frameOf(400), 'video-key');
    for (const at of [2, 50, sealed.byteLength - 5]) {
      const tampered = new Uint8Array(sealed.slice(0));
      tampered[at] = (tampered[at] ?? 0) ^ 0x01;
      await expect(decryptFrame(key, tampered.buffer, 'video-key')).rejects.toBeInstanceOf(
        FrameDecryptError,
      );
    }
  });

  it('refuses a frame that was never encrypted', async () => {
    const [key] = await keys;
    await expect(decryptFrame(key, frameOf(700), 'video-delta')).rejects.toBeInstanceOf(
      FrameDecryptError,
    );
    await expect(decryptFrame(key, frameOf(5), 'audio')).rejects.toBeInstanceOf(FrameDecryptError);
  });
});

describe('frame transform', () => {
  type Frame = EncodedFrame;
  const frame = (type: 'key' | 'delta', length: number) =>
    ({ type, data: frameOf(length) }) as unknown as Frame;

  async function pipe(stream: TransformStream<Frame, Frame>, frames: Frame[]): Promise<Frame[]> {
    const out: Frame[] = [];
    await new ReadableStream<Frame>({
      start(controller) {
        for (const f of frames) controller.enqueue(f);
        controller.close();
      },
    })
      .pipeThrough(stream)
      .pipeTo(new WritableStream({ write: (f) => void out.push(f) }));
    return out;
  }

  it('decrypts with the same key, drops and reports frames it cannot decrypt', async () => {
    const key = await deriveFrameKey('shared secret', 'room');
    const wrong = await deriveFrameKey('guess', 'room');
    const source = [frame('key', 900), frame('delta', 200)];
    const originals = source.map((f) => bytesOf(f.data));
    const sealed = await pipe(
      frameTransform('encrypt', 'video', { current: () => ({ key, index: 0 }) }),
      source,
    );
    const copies = () => sealed.map((f) => ({ ...f, data: f.data.slice(0) }));

    const reports: boolean[] = [];
    const good = await pipe(
      frameTransform('decrypt', 'video', { current: () => ({ key, index: 0 }) }, (ok) =>
        reports.push(ok),
      ),
      copies(),
    );
    expect(good.map((f) => bytesOf(f.data))).toEqual(originals);
    expect(reports).toEqual([true]);

    const failures: boolean[] = [];
    const bad = await pipe(
      frameTransform('decrypt', 'video', { current: () => ({ key: wrong, index: 0 }) }, (ok) =>
        failures.push(ok),
      ),
      copies(),
    );
    expect(bad).toEqual([]);
    expect(failures).toEqual([false]);
  });

  it('reports a receiver again once a new key is typed', async () => {
    const key = await deriveFrameKey('shared secret', 'room');
    const wrong = await deriveFrameKey('guess', 'room');
    const sealed = await pipe(
      frameTransform('encrypt', 'video', { current: () => ({ key, index: 0 }) }),
      [frame('key', 400), frame('delta', 100), frame('delta', 100)],
    );
    const reports: boolean[] = [];
    const typed = [null, { key: wrong, index: 1 }, { key, index: 2 }];
    let at = 0;
    await pipe(
      frameTransform('decrypt', 'video', { current: () => typed[at++] ?? null }, (ok) =>
        reports.push(ok),
      ),
      sealed,
    );
    // No key yet, then the wrong key (still failing, but said again), then the right one.
    expect(reports).toEqual([false, false, true]);
  });

  it('sends nothing before a key is set', async () => {
    const out = await pipe(frameTransform('encrypt', 'video', { current: () => null }), [
      frame('key', 300),
    ]);
    expect(out).toEqual([]);
  });
});
