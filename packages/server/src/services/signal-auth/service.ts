import {
  PROTOCOL_VERSION,
  SOCKET_CREDENTIALS_TTL_SECONDS,
  apiPaths,
  type SignalAccountAuthResponse,
  type SignalAuthRequest,
  type SignalAuthResponse,
} from '@podium/protocol';
import { forbidden, unauthorized } from '../../shared/errors.ts';
import { invalidFields } from '../events/errors.ts';
import type { AuthAccount } from '../auth-account.ts';
import { eventExpired, invalidLink } from '../events/errors.ts';
import type { Admission, EventsService, JoinTicket } from '../events/index.ts';
import * as events from '../events/repository.ts';
import type { Secrets } from '../secrets.ts';
import type { Db } from '../../store/db.ts';
import type { AliasRow } from '../../store/schema.ts';
import {
  identityKey,
  RECORDER_IDENTITY,
  type Identity,
  type TicketRole,
} from '../../rooms/index.ts';
import { GuestLinks } from '../rooms/guest-links.ts';
import {
  guestIdFor,
  openAccountCredentials,
  openCredentials,
  signAccountCredentials,
  signCredentials,
  type OpenedAccountCredentials,
  type OpenedCredentials,
  type SocketCredentials,
} from './credentials.ts';

export interface SignalAuthOptions {
  db: Db;
  events: EventsService;
  secrets: Secrets;
  now?: () => number;
}

/** Fallback display name of a guest whose ticket carries none (the client shows its own). */
const GUEST_NAME = 'Guest';

/**
 * Issues and checks socket credentials (spec §7 `POST /member/v1/auth`). The role always comes
 * from the server's own records: the join ticket it signed, or the event's owner.
 */
export class SignalAuthService {
  #db: Db;
  #events: EventsService;
  #secrets: Secrets;
  #now: () => number;
  #guests: GuestLinks;

  constructor(options: SignalAuthOptions) {
    this.#db = options.db;
    this.#events = options.events;
    this.#secrets = options.secrets;
    this.#now = options.now ?? Date.now;
    this.#guests = new GuestLinks(options.db, () => this.#key());
  }

  // SECURITY: one key for join tickets and credentials is safe because each MAC covers its own
  // purpose label; a separate secret would add nothing an attacker with the database lacks.
  #key(): Promise<Buffer> {
    return this.#secrets.get('join_ticket_key');
  }

  async issue(
    input: SignalAuthRequest,
    account: AuthAccount | null,
    origin: { address: string } = { address: '' },
  ): Promise<SignalAuthResponse | SignalAccountAuthResponse> {
    if (input.ticket === undefined && input.alias === undefined) {
      // Without a token this is the request of old (a ticket or an alias was forgotten).
      if (!account) {
        throw invalidFields({ ticket: 'Give a ticket, or an alias with an access token' });
      }
      return this.issueAccount(account);
    }
    if (input.ticket !== undefined) {
      const ticket = await this.#events.verifyJoinTicket(input.ticket);
      if (!ticket) throw unauthorized();
      const row = await this.#eventRow(ticket.aliasId);
      return this.#forTicket(row, ticket, origin, input.guest_key, () =>
        this.#accountName(row.ownerId),
      );
    }
    if (!account) throw unauthorized();
    const found = await events.findAliasByRef(this.#db, input.alias ?? '');
    if (!found) throw invalidLink();
    const row = await this.#eventRow(found.id);
    // SECURITY: without a ticket only the owner gets in this way (as host), or anyone signed
    // in when the event needs no passcode; everyone else goes through verify-call.
    let role: TicketRole;
    if (account.id === row.ownerId) role = 'host';
    else if (!row.requirePasscode) role = 'participant';
    else throw forbidden();
    const name = await this.#accountName(account.id);
    return this.#respond(row, { kind: 'account', accountId: account.id }, name, role);
  }

  /**
   * Credentials for an admission verify-call made in this very request: what `issue` gives for
   * its ticket, without checking the ticket's MAC again or reading the event again.
   */
  issueForAdmission(
    admission: Pick<Admission, 'row' | 'ticket' | 'ownerName'>,
    origin: { address: string },
    guestKey: string | undefined,
  ): Promise<SignalAuthResponse> {
    const { row, ticket, ownerName } = admission;
    return this.#forTicket(row, ticket, origin, guestKey, () => Promise.resolve(ownerName));
  }

  async #forTicket(
    row: AliasRow,
    ticket: JoinTicket,
    origin: { address: string },
    guestKey: string | undefined,
    ownerName: () => Promise<string | null>,
  ): Promise<SignalAuthResponse> {
    const role = ticket.role;
    let name = ticket.displayName;
    // SECURITY: a host ticket without an account came through the owner's host link, which
    // only the owner is given: the person is the owner.
    const accountId = ticket.accountId ?? (role === 'host' ? row.ownerId : null);
    let identity: Identity = accountId
      ? { kind: 'account', accountId }
      : { kind: 'guest', guestId: guestIdFor(await this.#key(), ticket.ticketId) };
    if (identity.kind === 'guest') {
      // A blocked guest's browser or address coming back with a new ticket is that guest.
      const key = await this.#guests.recognise(row.id, identityKey(identity), {
        address: origin.address,
        guestKey,
      });
      if (key.startsWith('g:')) identity = { kind: 'guest', guestId: key.slice(2) };
    }
    if (!name && accountId) {
      name = accountId === row.ownerId ? await ownerName() : await this.#accountName(accountId);
    }
    return this.#respond(row, identity, name, role);
  }

  async #respond(
    row: AliasRow,
    identity: Identity,
    name: string | null,
    role: TicketRole,
  ): Promise<SignalAuthResponse> {
    const credentials: SocketCredentials = {
      roomId: row.id,
      identity,
      name: name?.trim() || GUEST_NAME,
      ticketRole: role,
      expiresAt: Math.floor(this.#now() / 1000) + SOCKET_CREDENTIALS_TTL_SECONDS,
    };
    return {
      credentials: signCredentials(await this.#key(), credentials),
      expires_at: new Date(credentials.expiresAt * 1000).toISOString(),
      socket_path: apiPaths.signal.socket,
      protocol_version: PROTOCOL_VERSION,
      role,
      display_name: credentials.name,
      guest: identity.kind === 'guest',
      room: { id: row.id, name: row.name, title: row.title, mode: row.mode },
    };
  }

  /**
   * Credentials for the egress's recorder page in room `roomId`. SECURITY: minted only by the
   * server (HMAC, their own identity kind, so no ticket or person's credentials can become a
   * recorder's), bound to this one room, and short-lived: the page must join within
   * `ttlSeconds`; after that only a resume within the grace period (which needs the session id)
   * works. They travel in the recorder URL's fragment, which browsers never send to a server.
   */
  async issueRecorder(roomId: string, ttlSeconds = 120): Promise<string> {
    return signCredentials(await this.#key(), {
      roomId,
      identity: RECORDER_IDENTITY,
      name: 'Recorder',
      ticketRole: 'guest',
      expiresAt: Math.floor(this.#now() / 1000) + ttlSeconds,
      recorder: true,
    });
  }

  /**
   * The same credentials with a new expiry, for a participant in the room right now (the
   * socket checks that; `renew_credentials`): what lets a long call's participant join anew
   * after a drop outlasted the grace period. SECURITY: nothing is widened — the room, identity,
   * name and role are the ones the server signed before; someone removed or blocked is no longer
   * in the room and cannot renew, and a join still checks the room's blocks. Never for the
   * recorder, whose credentials are short on purpose (`issueRecorder`). `ttlSeconds` is for tests.
   */
  async renew(
    credentials: SocketCredentials,
    ttlSeconds = SOCKET_CREDENTIALS_TTL_SECONDS,
  ): Promise<{ credentials: string; expires_at: string }> {
    if (credentials.recorder) throw new Error('recorder credentials are not renewed');
    const expiresAt = Math.floor(this.#now() / 1000) + ttlSeconds;
    return {
      credentials: signCredentials(await this.#key(), { ...credentials, expiresAt }),
      expires_at: new Date(expiresAt * 1000).toISOString(),
    };
  }

  async open(token: string): Promise<OpenedCredentials> {
    return openCredentials(await this.#key(), token, this.#now());
  }

  /** Account-channel credentials: the socket greeted with them gets the account's pushes. */
  async issueAccount(account: AuthAccount): Promise<SignalAccountAuthResponse> {
    const expiresAt = Math.floor(this.#now() / 1000) + SOCKET_CREDENTIALS_TTL_SECONDS;
    return {
      scope: 'account',
      credentials: signAccountCredentials(await this.#key(), {
        accountId: account.id,
        expiresAt,
      }),
      expires_at: new Date(expiresAt * 1000).toISOString(),
      socket_path: apiPaths.signal.socket,
      protocol_version: PROTOCOL_VERSION,
      account_id: account.id,
      display_name: (await this.#accountName(account.id)) ?? '',
    };
  }

  async openAccount(token: string): Promise<OpenedAccountCredentials> {
    return openAccountCredentials(await this.#key(), token, this.#now());
  }

  async #eventRow(aliasId: string): Promise<AliasRow> {
    const row = await events.findAliasById(this.#db, aliasId);
    if (!row) throw invalidLink();
    if (row.expiredAt !== null && row.expiredAt.getTime() <= this.#now()) throw eventExpired();
    return row;
  }

  async #accountName(accountId: string): Promise<string | null> {
    return (await events.ownerNames(this.#db, accountId)).full || null;
  }
}
