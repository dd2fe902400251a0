import { describe, expect, it } from 'vitest';
import {
  clearBytes,
  decryptFrame,
  frameKeyOf,
  FrameDecryptError,
  FrameEncryptor,
  keyIdOf,
  passphraseBits,
  TRAILER_BYTES,
  TAG_BYTES,
  type FrameKind,
} from './frameCrypto.ts';
import { KeyRing } from './keyRing.ts';
import { newMediaKey } from './keySchedule.ts';
import { frameTransform, UNDECRYPTABLE_AFTER_MS, type EncodedFrame } from './transform.ts';

function frameOf(length: number): ArrayBuffer {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) bytes[i] = (i * 31 + 7) & 0xff;
  return bytes.buffer;
}

const bytesOf = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer));

describe('frame encryption', () => {
  const media = newMediaKey().material;
  const keys = (async () => {
    const room = await passphraseBits('correct horse battery staple', 'team-standup');
    return Promise.all([
      frameKeyOf(media, null),
      frameKeyOf(newMediaKey().material, null),
      frameKeyOf(media, room),
      frameKeyOf(media, await passphraseBits('correct horse battery staple', 'another-room')),
    ]);
  })();

  it.each<[FrameKind, number]>([
    ['video-key', 1200],
    ['video-delta', 300],
    ['audio', 80],
    ['audio', 1],
  ])('%s frames of %i bytes round-trip with the header in clear', async (kind, length) => {
    const [key] = await keys;
    const frame = frameOf(length);
    const sealed = await new FrameEncryptor().encrypt(key, 0xa1b2c303, frame, kind);
    const clear = Math.min(clearBytes(kind), length);
    expect(sealed.byteLength).toBe(length + TAG_BYTES + TRAILER_BYTES);
    // The codec header stays readable by the media server and the decoder...
    expect(bytesOf(sealed).slice(0, clear)).toEqual(bytesOf(frame).slice(0, clear));
    // ...the payload does not.
    if (length > clear) {
      expect(bytesOf(sealed).slice(clear, length)).not.toEqual(bytesOf(frame).slice(clear));
    }
    expect(keyIdOf(sealed)).toBe(0xa1b2c303);
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
    const ivs = sealed.map((s) => bytesOf(s).slice(-TRAILER_BYTES, -4).join(','));
    expect(new Set(ivs).size).toBe(3);
  });

  it('fails with another media key, without the passphrase, or with the passphrase of another room', async () => {
    const [plain, other, withPassphrase, otherRoom] = await keys;
    const sealed = await new FrameEncryptor().encrypt(withPassphrase, 0, frameOf(500), 'video-key');
    expect(bytesOf(await decryptFrame(withPassphrase, sealed, 'video-key'))).toEqual(
      bytesOf(frameOf(500)),
    );
    for (const wrong of [plain, other, otherRoom]) {
      await expect(decryptFrame(wrong, sealed, 'video-key')).rejects.toBeInstanceOf(
        FrameDecryptError,
      );
    }
  });

  it('fails on a tampered payload, header or IV', async () => {
    const [key] = await keys;
    const sealed = await new FrameEncryptor().encrypt(key, 0, frameOf(400), 'video-key');
    for (const at of [2, 50, sealed.byteLength - 8]) {
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

  function sender() {
    const key = newMediaKey();
    const ring = new KeyRing();
    ring.apply({ type: 'own', key });
    return { key, ring };
  }

  it('decrypts with the sender’s key, drops frames it cannot decrypt and says so once it lasts', async () => {
    const alice = sender();
    const source = [frame('key', 900), frame('delta', 200)];
    const originals = source.map((f) => bytesOf(f.data));
    const sealed = await pipe(frameTransform('encrypt', 'video', alice.ring), source);
    const copies = () => sealed.map((f) => ({ ...f, data: f.data.slice(0) }));

    const bob = new KeyRing();
    bob.apply({ type: 'peer', from: 'alice', key: alice.key });
    const reports: boolean[] = [];
    const good = await pipe(
      frameTransform('decrypt', 'video', bob, { report: (ok) => reports.push(ok) }),
      copies(),
    );
    expect(good.map((f) => bytesOf(f.data))).toEqual(originals);
    expect(reports).toEqual([true]);

    // Someone holding only another key: nothing reaches the decoder; the tile is told only
    // once frames kept failing for a while (a key may be on its way).
    const eve = new KeyRing();
    eve.apply({ type: 'peer', from: 'alice', key: newMediaKey() });
    let now = 0;
    const failures: boolean[] = [];
    const transform = frameTransform('decrypt', 'video', eve, {
      report: (ok) => failures.push(ok),
      now: () => now,
    });
    const writer = transform.writable.getWriter();
    const reader = transform.readable.getReader();
    const passed: Frame[] = [];
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        passed.push(value);
      }
    })();
    for (const f of copies()) await writer.write(f);
    expect(failures).toEqual([]);
    now = UNDECRYPTABLE_AFTER_MS;
    await writer.write(copies()[1]!);
    expect(failures).toEqual([false]);
    await writer.close();
    expect(passed).toEqual([]);
  });

  it('follows a sender that ratcheted (someone joined) and one that rotated (someone left)', async () => {
    const alice = sender();
    const bob = new KeyRing();
    bob.apply({ type: 'peer', from: 'alice', key: alice.key });
    const { ratchet } = await import('./keySchedule.ts');
    const next = (await ratchet(await ratchet(alice.key).then((k) => k!)))!;
    alice.ring.apply({ type: 'own', key: next });
    const sealed = await pipe(frameTransform('encrypt', 'video', alice.ring), [frame('key', 300)]);
    expect(keyIdOf(sealed[0]!.data)).toBe(next.id);
    // Two generations ahead, with no message: Bob derives it.
    expect(await pipe(frameTransform('decrypt', 'video', bob), sealed)).toHaveLength(1);

    const fresh = newMediaKey();
    alice.ring.apply({ type: 'own', key: fresh });
    const rotated = await pipe(frameTransform('encrypt', 'video', alice.ring), [frame('key', 300)]);
    expect(
      await pipe(
        frameTransform('decrypt', 'video', bob),
        rotated.map((f) => ({ ...f, data: f.data.slice(0) })),
      ),
    ).toEqual([]);
    bob.apply({ type: 'peer', from: 'alice', key: fresh });
    expect(await pipe(frameTransform('decrypt', 'video', bob), rotated)).toHaveLength(1);
  });

  it('sends nothing before a key is set', async () => {
    const out = await pipe(frameTransform('encrypt', 'video', new KeyRing()), [frame('key', 300)]);
    expect(out).toEqual([]);
  });
});
