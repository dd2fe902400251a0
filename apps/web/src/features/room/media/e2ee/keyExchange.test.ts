import { afterEach, describe, expect, it } from 'vitest';
import { decryptFrame, FrameEncryptor, keyIdOf } from './frameCrypto.ts';
import { KeyExchange } from './keyExchange.ts';
import { KeyRing } from './keyRing.ts';
import { epochOf, ratchet, type MediaKey } from './keySchedule.ts';

/**
 * Several participants' key exchanges wired through a relay that behaves like the server's
 * e2ee feature (public keys to the room, sealed keys to one participant), with the room's
 * roster in the test's hands.
 */
class Room {
  readonly people = new Map<string, Person>();
  /** Participants whose sealed keys are lost on the way (a dropped socket). */
  readonly dropping = new Set<string>();
  #order: Promise<void> = Promise.resolve();

  /** Deliveries in order, like one socket per participant. */
  deliver(task: () => Promise<void>): void {
    this.#order = this.#order.then(task);
  }

  async settle(): Promise<void> {
    for (let i = 0; i < 20; i++) {
      await this.#order;
      await Promise.all([...this.people.values()].map((p) => p.exchange.roster(this.ids())));
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  ids(): string[] {
    return [...this.people.keys()];
  }

  async join(id: string): Promise<Person> {
    const person = new Person(this, id);
    this.people.set(id, person);
    for (const other of this.people.values()) {
      if (other !== person) await other.exchange.roster(this.ids());
    }
    await person.exchange.welcome(id, this.ids());
    await this.settle();
    return person;
  }

  async leave(id: string): Promise<void> {
    const person = this.people.get(id)!;
    person.exchange.close();
    this.people.delete(id);
    await Promise.all([...this.people.values()].map((p) => p.exchange.roster(this.ids())));
    await this.settle();
  }
}

class Person {
  readonly ring = new KeyRing();
  readonly own: MediaKey[] = [];
  code: string | null = null;
  readonly keys = new Map<string, string>();
  readonly exchange: KeyExchange;

  constructor(
    readonly room: Room,
    readonly id: string,
  ) {
    this.exchange = new KeyExchange({
      switchDelayMs: 0,
      apply: (op) => {
        this.ring.apply(op);
        if (op.type === 'own' && op.key) this.own.push(op.key);
      },
      onSafetyCode: (code) => {
        this.code = code;
      },
      request: (type, payload) => {
        if (type === 'e2ee_announce') {
          const { public_key } = payload as { public_key: string };
          this.keys.set(this.id, public_key);
          for (const other of room.people.values()) {
            if (other === this) continue;
            room.deliver(() =>
              other.exchange.publicKeys([{ participant_id: this.id, public_key }]),
            );
          }
          // The joiner is given the keys of those present after its welcome.
          const present = [...room.people.values()]
            .filter((p) => p !== this && p.keys.has(p.id))
            .map((p) => ({ participant_id: p.id, public_key: p.keys.get(p.id)! }));
          if (present.length) room.deliver(() => this.exchange.publicKeys(present));
        } else {
          const { to, sealed } = payload as { to: string; sealed: string };
          const other = room.people.get(to);
          if (other && !room.dropping.has(to))
            room.deliver(() => other.exchange.sealed(this.id, sealed));
        }
        return Promise.resolve({});
      },
    });
  }

  get current(): MediaKey {
    return this.own.at(-1)!;
  }

  /** A frame this person sends now. */
  async send(): Promise<ArrayBuffer> {
    const key = (await this.ring.encryptKey())!;
    return new FrameEncryptor().encrypt(key.key, key.id, new Uint8Array(200).buffer, 'video-delta');
  }

  async canRead(frame: ArrayBuffer): Promise<boolean> {
    const key = await this.ring.decryptKey(keyIdOf(frame)!);
    if (!key) return false;
    return decryptFrame(key, frame.slice(0), 'video-delta').then(
      () => true,
      () => false,
    );
  }
}

let room: Room;
afterEach(() => {
  for (const p of room.people.values()) p.exchange.close();
});

describe('key exchange', () => {
  it('lets everyone read everyone without a passphrase, with one safety code for all', async () => {
    room = new Room();
    const a = await room.join('a');
    const b = await room.join('b');
    const c = await room.join('c');
    for (const [from, to] of [
      [a, b],
      [b, a],
      [a, c],
      [c, a],
      [b, c],
      [c, b],
    ] as const) {
      expect(await to.canRead(await from.send())).toBe(true);
    }
    expect(a.code).toMatch(/^\d{5}( \d{5}){4}$/);
    expect(b.code).toBe(a.code);
    expect(c.code).toBe(a.code);
  });

  it('ratchets when someone joins: the joiner cannot read what was sent before', async () => {
    room = new Room();
    const a = await room.join('a');
    const b = await room.join('b');
    const before = await a.send();
    const c = await room.join('c');
    expect(await c.canRead(before)).toBe(false);
    // The same epoch, one generation on: b follows without a new message.
    expect(epochOf(a.current.id)).toBe(epochOf(a.own[0]!.id));
    const after = await a.send();
    expect(await b.canRead(after)).toBe(true);
    expect(await c.canRead(after)).toBe(true);
    // Nothing c holds ratchets back to the earlier key.
    for (const { key } of c.ring.materials()) {
      let k: MediaKey | null = key;
      for (let i = 0; i < 4 && k; i++) {
        expect(k.id).not.toBe(keyIdOf(before));
        k = await ratchet(k);
      }
    }
  });

  it('rotates when someone leaves: the leaver cannot read what is sent after, the others can', async () => {
    room = new Room();
    const a = await room.join('a');
    const b = await room.join('b');
    const c = await room.join('c');
    const leaver = new KeyRing();
    for (const { from, key } of c.ring.materials()) {
      if (from) leaver.apply({ type: 'peer', from, key });
    }
    const codeWithC = a.code;
    await room.leave('c');
    const after = await a.send();
    expect(epochOf(keyIdOf(after)!)).not.toBe(epochOf(a.own[0]!.id));
    expect(await b.canRead(after)).toBe(true);
    expect(await leaver.decryptKey(keyIdOf(after)!)).toBeNull();
    expect(await a.canRead(await b.send())).toBe(true);
    expect(a.code).toBe(b.code);
    expect(a.code).not.toBe(codeWithC);
  });

  it('sends a missed key again when its recipient announces again (after a resume)', async () => {
    room = new Room();
    const a = await room.join('a');
    const b = await room.join('b');
    await room.join('c');
    room.dropping.add('b');
    await room.leave('c');
    const after = await a.send();
    expect(await b.canRead(after)).toBe(false);
    room.dropping.delete('b');
    await b.exchange.welcome('b', room.ids());
    await room.settle();
    expect(await b.canRead(after)).toBe(true);
  });
});
