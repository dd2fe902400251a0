import { z } from 'zod';

/**
 * Spec §7 "Notifications" (all with the access token):
 * - `GET /api/v1/message/get?from_id&limit`: newest first; `from_id` is the cursor (exclusive: the
 *   page holds notifications older than it), `limit` 1..100 (default 20).
 * - `GET /api/v1/message/count?is_read=false`: how many are (un)read.
 * - `POST /api/v1/message/update-read-status`: `{ ids, is_read }` or `{ all: true, is_read }`.
 * - `POST /api/v1/message/delete`: `{ ids }`.
 * An account only sees and touches its own notifications: ids of others (or unknown ids) are
 * silently skipped, and the answer counts what was really changed.
 *
 * New notifications and count changes are also pushed over the account channel (the signaling
 * socket greeted with account credentials): `notification` and `notification_count`.
 */

export const NOTIFICATION_KINDS = [
  'invitation',
  'gift_received',
  'missed_call',
  'passcode_guessing',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
export const NOTIFICATIONS_MAX_LIMIT = 100;
/** Most ids one update-read-status or delete request may name. */
export const NOTIFICATIONS_MAX_IDS = 500;

const name = z.string().max(200);
const isoTime = z.iso.datetime({ offset: true });

/** Per-kind payloads; what the notification center renders (in the reader's language). */
export const notificationDataSchemas = {
  invitation: z.object({
    /** The event's alias (link name): the notification links to /j/{alias}. */
    alias: z.string().min(1).max(64),
    title: z.string().max(500),
    host_name: name,
    start_time: isoTime,
  }),
  gift_received: z.object({
    /**
     * A catalog gift or a donation (an amount, no gift). Optional: rows stored before it existed
     * are gifts. Readers render a donation in their own language rather than showing `gift_name`.
     */
    kind: z.enum(['gift', 'donation']).optional(),
    sender_name: name,
    /** The gift's English name, for readers that predate `kind` ('Donation' for a donation). */
    gift_name: name,
    amount: z.number().finite().nonnegative(),
    unit: z.string().min(1).max(32),
  }),
  missed_call: z.object({
    /** The QR code alias that was called. */
    qr_alias: z.string().min(1).max(64),
    visitor_name: name,
    /** When the call came in. */
    at: isoTime,
  }),
  /**
   * Too many wrong passcodes for one of the owner's events, from all addresses together: the
   * passcode is not judged until `until` (people with the host or speaker link still get in).
   */
  passcode_guessing: z.object({
    alias: z.string().min(1).max(64),
    title: z.string().max(500),
    failures: z.number().int().nonnegative(),
    until: isoTime,
  }),
} as const;
export type NotificationData<K extends NotificationKind = NotificationKind> = z.infer<
  (typeof notificationDataSchemas)[K]
>;

/** What `notify()` takes: the kind and its data, checked against the kind's schema. */
export const notificationInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('invitation'), data: notificationDataSchemas.invitation }),
  z.object({ kind: z.literal('gift_received'), data: notificationDataSchemas.gift_received }),
  z.object({ kind: z.literal('missed_call'), data: notificationDataSchemas.missed_call }),
  z.object({
    kind: z.literal('passcode_guessing'),
    data: notificationDataSchemas.passcode_guessing,
  }),
]);
export type NotificationInput = z.infer<typeof notificationInput>;

const common = {
  /** Grows with time: a newer notification has a larger id. */
  id: z.number().int().positive(),
  is_read: z.boolean(),
  created_at: isoTime,
};

/** One notification as the API and the account channel send it. */
export const notificationView = z.discriminatedUnion('kind', [
  z.object({
    ...common,
    kind: z.literal('invitation'),
    data: notificationDataSchemas.invitation,
  }),
  z.object({
    ...common,
    kind: z.literal('gift_received'),
    data: notificationDataSchemas.gift_received,
  }),
  z.object({
    ...common,
    kind: z.literal('missed_call'),
    data: notificationDataSchemas.missed_call,
  }),
  z.object({
    ...common,
    kind: z.literal('passcode_guessing'),
    data: notificationDataSchemas.passcode_guessing,
  }),
]);
export type NotificationView = z.infer<typeof notificationView>;

const notificationId = z.coerce
  .number({ error: 'Must be a notification id' })
  .int('Must be a notification id')
  .positive('Must be a notification id')
  .max(Number.MAX_SAFE_INTEGER, 'Must be a notification id');

/** Query strings carry text: 'true'/'false' (and 1/0) mean what they say. */
const booleanQuery = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

export const listNotificationsRequest = z.object({
  from_id: notificationId.optional(),
  limit: z.coerce
    .number({ error: `Limit must be between 1 and ${NOTIFICATIONS_MAX_LIMIT}` })
    .int(`Limit must be between 1 and ${NOTIFICATIONS_MAX_LIMIT}`)
    .min(1, `Limit must be between 1 and ${NOTIFICATIONS_MAX_LIMIT}`)
    .max(NOTIFICATIONS_MAX_LIMIT, `Limit must be between 1 and ${NOTIFICATIONS_MAX_LIMIT}`)
    .default(NOTIFICATIONS_DEFAULT_LIMIT),
});
export type ListNotificationsRequest = z.output<typeof listNotificationsRequest>;

export interface ListNotificationsResponse {
  /** Newest first. */
  items: NotificationView[];
  /** Pass as `from_id` for the next (older) page; null when there is none. */
  next_from_id: number | null;
  /** Unread notifications of the account (all of them, not only this page). */
  unread: number;
}

export const countNotificationsRequest = z.object({
  /** Without it: every notification. */
  is_read: booleanQuery.optional(),
});
export type CountNotificationsRequest = z.output<typeof countNotificationsRequest>;

export interface CountNotificationsResponse {
  count: number;
}

const ids = z.array(notificationId).min(1).max(NOTIFICATIONS_MAX_IDS);

export const updateReadStatusRequest = z.union([
  z.object({ ids, is_read: z.boolean().default(true) }).strict(),
  z.object({ all: z.literal(true), is_read: z.boolean().default(true) }).strict(),
]);
export type UpdateReadStatusRequest = z.output<typeof updateReadStatusRequest>;

export const deleteNotificationsRequest = z.object({ ids }).strict();
export type DeleteNotificationsRequest = z.output<typeof deleteNotificationsRequest>;

export interface NotificationsChangedResponse {
  /** How many of the account's notifications were changed (ids of others are not counted). */
  updated: number;
  /** Unread notifications left. */
  unread: number;
}
