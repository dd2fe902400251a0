import { and, asc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type {
  GiftTransferResponse,
  GiftView,
  NotificationInput,
  ServerMessageOf,
  WalletUnit,
} from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import { accounts, gifts, type GiftRow, type WalletTransferRow } from '../../store/schema.ts';
import { findAliasByName } from '../events/repository.ts';
import { canSee, type Participant, type RoomState } from '../../rooms/index.ts';
import type { AuthAccount } from '../auth-account.ts';
import { publicName, scopeOfAccount, type WalletService } from '../wallet/index.ts';
import {
  giftToSelf,
  notInRoom,
  receiverGuest,
  receiverNotInRoom,
  recipientUnknown,
  unknownGift,
} from './errors.ts';

/** What gifts need of a live room (RoomHost). */
export interface GiftRoom {
  readonly state: RoomState;
  announceGift(message: ServerMessageOf<'gift_given'>): Promise<void>;
}

/** The live rooms of this process (RoomRegistry.find). */
export interface GiftRooms {
  find(roomId: string): Promise<GiftRoom> | undefined;
}

/** What gifts need of the notification center. */
export interface GiftNotifier {
  notify(accountId: string, input: NotificationInput): Promise<unknown>;
}

export interface GiftsServiceDeps {
  db: Db;
  log: Logger;
  wallet: WalletService;
  notifications: GiftNotifier;
}

function toView(row: GiftRow): GiftView {
  return {
    id: row.id,
    names: { en: row.nameEn, vi: row.nameVi },
    image: row.image,
    price: row.price,
    unit: row.unit,
  };
}

/** Present in the room: connected, or briefly reconnecting from there. */
function inRoom(p: Participant): boolean {
  return p.status === 'connected' || (p.status === 'reconnecting' && p.resumeTo === 'connected');
}

function accountOf(p: Participant): string | null {
  return p.identity.kind === 'account' ? p.identity.accountId : null;
}

/** The catalogue and giving: in a live room, by link, and donations. Money moves in the ledger. */
export class GiftsService {
  readonly #db: Db;
  readonly #log: Logger;
  readonly #wallet: WalletService;
  readonly #notifications: GiftNotifier;
  #rooms: GiftRooms | null = null;

  constructor(deps: GiftsServiceDeps) {
    this.#db = deps.db;
    this.#log = deps.log.child({ domain: 'gifts' });
    this.#wallet = deps.wallet;
    this.#notifications = deps.notifications;
  }

  /** The live rooms exist once the signaling gateway is up (app.ts wires them in). */
  useRooms(rooms: GiftRooms): void {
    this.#rooms = rooms;
  }

  async catalogue(): Promise<{ gifts: GiftView[] }> {
    const rows = await this.#db
      .select()
      .from(gifts)
      .where(eq(gifts.active, true))
      .orderBy(asc(gifts.sort), asc(gifts.id));
    return { gifts: rows.map(toView) };
  }

  async #gift(id: string): Promise<GiftRow> {
    const rows = await this.#db
      .select()
      .from(gifts)
      .where(and(eq(gifts.id, id), eq(gifts.active, true)))
      .limit(1);
    const row = rows[0];
    if (!row) throw unknownGift();
    return row;
  }

  /** In a live room: the giver and the receiver must both be there, and be different people. */
  async giveInRoom(
    account: AuthAccount,
    input: { room: string; to: string; gift_id: string; idempotency_key: string },
  ): Promise<GiftTransferResponse> {
    const gift = await this.#gift(input.gift_id);
    const room = await this.#rooms?.find(input.room)?.catch(() => undefined);
    if (!room) throw notInRoom();
    const state = room.state;
    let giver: Participant | undefined;
    for (const p of state.participants.values()) {
      if (accountOf(p) === account.id && inRoom(p)) giver = p;
    }
    if (!giver) throw notInRoom();
    const receiver = state.participants.get(input.to);
    // SECURITY: someone the giver may not see (backstage, waiting room) is "not in the room".
    if (!receiver || !inRoom(receiver) || !canSee(state, giver, receiver)) {
      throw receiverNotInRoom();
    }
    const receiverAccount = accountOf(receiver);
    if (receiverAccount === account.id) throw giftToSelf();
    if (!receiverAccount) throw receiverGuest();

    const result = await this.#wallet.transfer({
      scope: scopeOfAccount(account.id),
      idempotencyKey: input.idempotency_key,
      kind: 'gift',
      from: account.id,
      to: receiverAccount,
      unit: gift.unit,
      amount: gift.price,
      giftId: gift.id,
      roomId: input.room,
    });
    if (!result.replayed) {
      const view = toView(gift);
      await room
        .announceGift({
          type: 'gift_given',
          transfer_id: result.transfer.id,
          from: giver.id,
          from_name: giver.name,
          to: receiver.id,
          to_name: receiver.name,
          gift: view,
          at: result.transfer.createdAt.getTime(),
        })
        .catch((error: unknown) => {
          // The room closed meanwhile: the money moved, nobody is left to see it.
          this.#log.warn({ err: error, transferId: result.transfer.id }, 'gift not announced');
        });
      await this.#notifyReceiver(
        account.id,
        receiverAccount,
        'gift',
        gift.nameEn,
        gift.price,
        gift.unit,
      );
    }
    return this.#answer(account.id, result.transfer, result.replayed);
  }

  /** By link: to a username, or to the host of an event alias. */
  async send(
    account: AuthAccount,
    input: { to: string; gift_id: string; idempotency_key: string },
  ): Promise<GiftTransferResponse> {
    const gift = await this.#gift(input.gift_id);
    const to = await this.#recipientId(input.to);
    if (to === account.id) throw giftToSelf();
    const result = await this.#wallet.transfer({
      scope: scopeOfAccount(account.id),
      idempotencyKey: input.idempotency_key,
      kind: 'gift',
      from: account.id,
      to,
      unit: gift.unit,
      amount: gift.price,
      giftId: gift.id,
    });
    if (!result.replayed) {
      await this.#notifyReceiver(account.id, to, 'gift', gift.nameEn, gift.price, gift.unit);
    }
    return this.#answer(account.id, result.transfer, result.replayed);
  }

  async donate(
    account: AuthAccount,
    input: { to: string; amount: number; unit: WalletUnit; idempotency_key: string },
  ): Promise<GiftTransferResponse> {
    const to = await this.#recipientId(input.to);
    if (to === account.id) throw giftToSelf();
    const result = await this.#wallet.transfer({
      scope: scopeOfAccount(account.id),
      idempotencyKey: input.idempotency_key,
      kind: 'donation',
      from: account.id,
      to,
      unit: input.unit,
      amount: input.amount,
    });
    if (!result.replayed) {
      await this.#notifyReceiver(account.id, to, 'donation', 'Donation', input.amount, input.unit);
    }
    return this.#answer(account.id, result.transfer, result.replayed);
  }

  /** The public name a gift link names (never the email or phone). */
  async recipient(ref: string): Promise<{ name: string }> {
    const id = await this.#recipientId(ref);
    const rows = await this.#db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    const row = rows[0];
    if (!row) throw recipientUnknown();
    return { name: publicName(row) || row.username || '' };
  }

  /** A username (any case), else an event alias whose owner receives. */
  async #recipientId(ref: string): Promise<string> {
    const name = ref.trim().replace(/^@/, '');
    const byName = await this.#db
      .select({ id: accounts.id, status: accounts.accountStatus })
      .from(accounts)
      .where(sql`lower(${accounts.username}) = ${name.toLowerCase()}`)
      .limit(1);
    const person = byName[0];
    if (person && person.status !== 'disabled') return person.id;
    const alias = await findAliasByName(this.#db, name);
    if (alias) return alias.ownerId;
    throw recipientUnknown();
  }

  async #answer(
    accountId: string,
    row: WalletTransferRow,
    replayed: boolean,
  ): Promise<GiftTransferResponse> {
    return {
      transfer: {
        id: row.id,
        kind: row.kind === 'donation' ? 'donation' : 'gift',
        unit: row.unit,
        amount: row.amount,
        gift_id: row.giftId,
        created_at: row.createdAt.toISOString(),
      },
      replayed,
      balances: await this.#wallet.balances(accountId),
    };
  }

  async #notifyReceiver(
    senderId: string,
    receiverId: string,
    kind: 'gift' | 'donation',
    giftName: string,
    amount: number,
    unit: WalletUnit,
  ): Promise<void> {
    try {
      const rows = await this.#db.select().from(accounts).where(eq(accounts.id, senderId)).limit(1);
      const sender = rows[0];
      await this.#notifications.notify(receiverId, {
        kind: 'gift_received',
        data: {
          kind,
          sender_name: (sender && (publicName(sender) || sender.username)) || '',
          gift_name: giftName,
          amount,
          unit,
        },
      });
    } catch (error) {
      // The gift is given either way; a lost notification must not undo or fail it.
      this.#log.warn({ err: error, receiverId }, 'gift notification failed');
    }
  }
}
