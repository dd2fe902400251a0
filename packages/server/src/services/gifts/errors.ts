import { ErrorCode, giftMessages, type GiftMessageKey } from '@podium/protocol';
import { AppError } from '../../shared/errors.ts';

function keyed(status: number, code: string, key: GiftMessageKey, field: string): AppError {
  const message = giftMessages[key].en;
  return new AppError(status, code, message, { key, fields: { [field]: message } });
}

export const unknownGift = () => keyed(404, ErrorCode.NotFound, 'gifts.unknown_gift', 'gift_id');
/** SECURITY: a room that is not open answers like one the sender is not in. */
export const notInRoom = () => keyed(403, ErrorCode.Forbidden, 'gifts.not_in_room', 'room');
export const receiverNotInRoom = () =>
  keyed(404, ErrorCode.NotFound, 'gifts.receiver_not_in_room', 'to');
export const receiverGuest = () => keyed(400, ErrorCode.BadRequest, 'gifts.receiver_guest', 'to');
export const giftToSelf = () => keyed(400, ErrorCode.BadRequest, 'gifts.self', 'to');
export const recipientUnknown = () =>
  keyed(404, ErrorCode.NotFound, 'gifts.recipient_unknown', 'to');
