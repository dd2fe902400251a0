import { describe, expect, it } from 'vitest';
import {
  epochOf,
  generationOf,
  newIdentity,
  newMediaKey,
  ratchet,
  safetyCode,
  sealKey,
  unsealKey,
} from './keySchedule.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('key schedule', () => {
  it('ratchets to the next generation of the same epoch, one way, and stops after 255', async () => {
    const key = newMediaKey();
    expect(generationOf(key.id)).toBe(0);
    const next = (await ratchet(key))!;
    expect(epochOf(next.id)).toBe(epochOf(key.id));
    expect(generationOf(next.id)).toBe(1);
    expect(hex(next.material)).not.toBe(hex(key.material));
    // Deterministic: every receiver derives the same next key.
    expect(hex((await ratchet(key))!.material)).toBe(hex(next.material));
    expect(await ratchet({ id: (epochOf(key.id) << 8) | 0xff, material: key.material })).toBeNull();
  });

  it('gives every fresh key a new epoch and new bytes', () => {
    const keys = Array.from({ length: 20 }, () => newMediaKey());
    expect(new Set(keys.map((k) => epochOf(k.id))).size).toBeGreaterThan(18);
    expect(new Set(keys.map((k) => hex(k.material))).size).toBe(20);
  });

  it('seals a media key that only its recipient opens, only as sent from its sender', async () => {
    const [alice, bob, eve] = await Promise.all([newIdentity(), newIdentity(), newIdentity()]);
    expect(alice.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const key = newMediaKey();
    const sealed = await sealKey(alice, bob.publicKey, 'a', 'b', key);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]{86}$/);
    const opened = await unsealKey(bob, alice.publicKey, 'a', 'b', sealed);
    expect(opened.id).toBe(key.id);
    expect(hex(opened.material)).toBe(hex(key.material));
    // Not by anyone else, not as if from someone else, not redirected to someone else.
    await expect(unsealKey(eve, alice.publicKey, 'a', 'b', sealed)).rejects.toThrow();
    await expect(unsealKey(bob, eve.publicKey, 'a', 'b', sealed)).rejects.toThrow();
    await expect(unsealKey(bob, alice.publicKey, 'a', 'e', sealed)).rejects.toThrow();
    await expect(unsealKey(bob, alice.publicKey, 'e', 'b', sealed)).rejects.toThrow();
    // A public key the server swapped: what was sealed to Eve's key does not open for Bob.
    const swapped = await sealKey(alice, eve.publicKey, 'a', 'b', key);
    await expect(unsealKey(bob, alice.publicKey, 'a', 'b', swapped)).rejects.toThrow();
  });

  it('gives everyone the same safety code whatever the order, and another one if a key is swapped', async () => {
    const [a, b, c, m] = await Promise.all([
      newIdentity(),
      newIdentity(),
      newIdentity(),
      newIdentity(),
    ]);
    const entries = [
      { participantId: 'p-a', publicKey: a.publicKey },
      { participantId: 'p-b', publicKey: b.publicKey },
      { participantId: 'p-c', publicKey: c.publicKey },
    ];
    const code = await safetyCode(entries);
    expect(code).toMatch(/^\d{5} \d{5} \d{5} \d{5} \d{5}$/);
    expect(await safetyCode([...entries].reverse())).toBe(code);
    // The server shows C a man-in-the-middle key in place of B's.
    expect(
      await safetyCode([
        entries[0]!,
        { participantId: 'p-b', publicKey: m.publicKey },
        entries[2]!,
      ]),
    ).not.toBe(code);
    // ...or adds a participant nobody else sees.
    expect(
      await safetyCode([...entries, { participantId: 'p-m', publicKey: m.publicKey }]),
    ).not.toBe(code);
  });
});
