import {
  CLIENT_MESSAGES,
  isClientErrorCode,
  SocketRequestError as SignalingRequestError,
} from '../../../shared/socket/errors.ts';
import { signalingMessages, type Language, type SignalingMessageKey } from '@podium/protocol';

/** The room's name for the socket core's error (one class, so `instanceof` holds for both). */
export { SocketRequestError as SignalingRequestError } from '../../../shared/socket/errors.ts';

export function isSignalingError(value: unknown): value is SignalingRequestError {
  return value instanceof SignalingRequestError;
}

function isProtocolKey(key: string): key is SignalingMessageKey {
  return Object.hasOwn(signalingMessages.en, key);
}

/** The user-facing text of a signaling error in `language`, by key, then code, then message. */
export function signalingErrorText(error: unknown, language: Language): string {
  if (!isSignalingError(error)) return CLIENT_MESSAGES.network[language];
  if (isProtocolKey(error.key)) return signalingMessages[language][error.key];
  if (isClientErrorCode(error.code)) return CLIENT_MESSAGES[error.code][language];
  return error.message || signalingMessages[language]['errors.internal'];
}

export const MEDIA_UNAVAILABLE_KEY = 'errors.media_unavailable';

/** The gateway answers media requests this way until the media server wiring is there. */
export function isMediaUnavailable(error: unknown): boolean {
  return isSignalingError(error) && error.key === MEDIA_UNAVAILABLE_KEY;
}
