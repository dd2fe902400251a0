import crypto from 'node:crypto';
import type { Db } from '../../store/db.ts';
import { blockedIdentityOf, linkGuest } from './repository.ts';

/** What a guest's request for socket credentials tells about the browser and the network. */
export interface GuestOrigin {
  /** The client's address, as the server sees it (TRUST_PROXY decides whether a proxy's word counts). */
  address: string;
  /** The browser's own random key (kept in localStorage), when it sent one. */
  guestKey?: string | undefined;
}

/**
 * SECURITY: a guest's identity comes from their join ticket, so a blocked guest who asked for a
 * new ticket (back to /j/{alias}, the name typed again) used to be a new person. Blocking holds
 * for the guest identity, its browser session and its address for the event (decisions.md
 * "Joining"): every guest credential records HMACs of the browser key and of the address,
 * linked to the identity; a new guest whose browser key or address belongs to a blocked guest of
 * the event is that blocked guest, and the room refuses them ('You cannot join this event').
 * Only HMACs are stored. The address part also keeps out other guests behind the same address
 * (a shared office NAT) for that event: the price of a block that a new tab cannot undo; signed-in
 * people are blocked by account and are not affected.
 */
export class GuestLinks {
  readonly #db: Db;
  readonly #key: () => Promise<Buffer>;

  constructor(db: Db, key: () => Promise<Buffer>) {
    this.#db = db;
    this.#key = key;
  }

  /**
   * The identity key this guest joins `aliasId` as: the blocked guest their browser or address
   * belongs to, else `identity` itself (then linked to both for later).
   */
  async recognise(aliasId: string, identity: string, origin: GuestOrigin): Promise<string> {
    const key = await this.#key();
    const mac = (what: string, value: string) =>
      crypto
        .createHmac('sha256', key)
        .update(`guest-link\0${what}\0${aliasId}\0${value}`)
        .digest('base64url');
    const links = [`ip:${mac('ip', origin.address)}`];
    if (origin.guestKey) links.push(`s:${mac('session', origin.guestKey)}`);
    const blocked = await blockedIdentityOf(this.#db, aliasId, links);
    if (blocked) return blocked;
    await linkGuest(this.#db, aliasId, identity, links);
    return identity;
  }
}
