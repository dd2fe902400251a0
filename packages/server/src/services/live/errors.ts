import { ErrorCode, liveMessages, type LiveMessageKey } from '@podium/protocol';
import { AppError } from '../../shared/errors.ts';

/** Errors of the watch page; messages come from protocol's liveMessages (English sent). */
function keyed(status: number, code: string, key: LiveMessageKey): AppError {
  return new AppError(status, code, liveMessages[key].en, { key });
}

export const liveNotFound = () => keyed(404, ErrorCode.NotFound, 'live.not_found');
/** A missing, forged, expired or other event's playback token. */
export const invalidPlaybackToken = () => keyed(401, ErrorCode.Unauthorized, 'live.invalid_token');
/** The room is not on air (or this run of it is over). */
export const liveOffline = () => keyed(404, ErrorCode.NotFound, 'live.offline');
/** Writing in the audience chat needs an account. */
export const liveChatSignIn = () => keyed(401, ErrorCode.Unauthorized, 'live.chat_sign_in');
/** More than LIVE_CHAT_BURST lines within LIVE_CHAT_WINDOW_MS. */
export const liveChatTooFast = () => keyed(429, ErrorCode.TooManyRequests, 'live.chat_too_fast');
