import type { Logger } from 'pino';
import {
  notificationInput,
  type CountNotificationsResponse,
  type ListNotificationsRequest,
  type ListNotificationsResponse,
  type NotificationInput,
  type NotificationView,
  type NotificationsChangedResponse,
  type UpdateReadStatusRequest,
} from '@podium/protocol';
import type { AccountChannel } from '../account-channel.ts';
import type { Db } from '../../store/db.ts';
import type { NotificationRow } from '../../store/schema.ts';
import * as repo from './repository.ts';

export interface NotificationsServiceOptions {
  db: Db;
  log: Logger;
  channel: AccountChannel;
}

function toView(row: NotificationRow): NotificationView {
  // The data was checked against the kind's schema when stored (notify), so the pair matches.
  return {
    id: row.id,
    kind: row.kind,
    data: row.data,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
  } as NotificationView;
}

/**
 * The notification center (spec §7 Notifications). `notify` stores a notification and pushes it to
 * the account's open sockets; the REST side lists, counts, marks and deletes. Every operation is
 * scoped to one account: another account's ids match nothing and are not counted.
 */
export class NotificationsService {
  #db: Db;
  #log: Logger;
  #channel: AccountChannel;

  constructor(options: NotificationsServiceOptions) {
    this.#db = options.db;
    this.#log = options.log.child({ domain: 'notifications' });
    this.#channel = options.channel;
  }

  /**
   * Stores a notification for the account and pushes it (`notification` with the new unread
   * count) to every socket of the account's channel. Throws on data that does not fit the kind:
   * that is a bug of the caller, not something a client sent.
   */
  async notify(accountId: string, input: NotificationInput): Promise<NotificationView> {
    const checked = notificationInput.parse(input);
    const row = await repo.insert(this.#db, {
      accountId,
      kind: checked.kind,
      data: checked.data,
    });
    const view = toView(row);
    if (this.#channel.isOnline(accountId)) {
      const unread = await repo.countOf(this.#db, accountId, false);
      this.#channel.publish(accountId, { type: 'notification', notification: view, unread });
    }
    this.#log.debug({ accountId, kind: view.kind, id: view.id }, 'notified');
    return view;
  }

  async list(
    accountId: string,
    input: ListNotificationsRequest,
  ): Promise<ListNotificationsResponse> {
    // One more than asked tells whether an older page exists.
    const [rows, unread] = await Promise.all([
      repo.page(this.#db, accountId, input.from_id, input.limit + 1),
      repo.countOf(this.#db, accountId, false),
    ]);
    const items = rows.slice(0, input.limit).map(toView);
    const more = rows.length > input.limit;
    return { items, next_from_id: more ? (items.at(-1)?.id ?? null) : null, unread };
  }

  async count(accountId: string, isRead: boolean | undefined): Promise<CountNotificationsResponse> {
    return { count: await repo.countOf(this.#db, accountId, isRead) };
  }

  async updateReadStatus(
    accountId: string,
    input: UpdateReadStatusRequest,
  ): Promise<NotificationsChangedResponse> {
    const ids = 'ids' in input ? [...new Set(input.ids)] : null;
    const updated = await repo.setRead(this.#db, accountId, ids, input.is_read);
    return this.#changed(accountId, updated);
  }

  async delete(accountId: string, ids: number[]): Promise<NotificationsChangedResponse> {
    const updated = await repo.remove(this.#db, accountId, [...new Set(ids)]);
    return this.#changed(accountId, updated);
  }

  /** The account's address book lookup the invitation hook needs. */
  accountIdByEmail(email: string): Promise<string | null> {
    return repo.accountIdByEmail(this.#db, email);
  }

  async #changed(accountId: string, updated: number): Promise<NotificationsChangedResponse> {
    const unread = await repo.countOf(this.#db, accountId, false);
    // Other tabs of the same person keep their badge right.
    if (updated > 0) this.#channel.publish(accountId, { type: 'notification_count', unread });
    return { updated, unread };
  }
}
