import {
  signalingMessages,
  type Language,
  type SignalingErrorCode,
  type SignalingMessageKey,
} from '@podium/protocol';

/** Failures the client itself detects; the server's codes come from the protocol. */
export const CLIENT_ERROR_CODES = [
  /** No answer within the request timeout. */
  'timeout',
  /** The socket dropped before the answer came. */
  'disconnected',
  /** The client was closed (left the room) while the request was pending. */
  'closed',
  /** The socket could not be opened, or the auth call did not get through. */
  'network',
  /** The join ticket was refused by `POST /member/v1/auth`: join again from the join page. */
  'auth_failed',
  /** Reconnecting took longer than the server keeps a dropped participant. */
  'gave_up',
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type SignalingFailureCode = SignalingErrorCode | ClientErrorCode;

/**
 * Messages for error keys the gateway sends that the protocol's `signalingMessages` does not
 * list (yet). `errors.media_unavailable` answers media requests until the Janus wiring lands.
 */
const EXTRA_SERVER_MESSAGES: Record<string, Record<Language, string>> = {
  'errors.media_unavailable': {
    en: 'Media is not available on this server yet',
    vi: 'Máy chủ này chưa hỗ trợ âm thanh và hình ảnh',
  },
};

const CLIENT_MESSAGES: Record<ClientErrorCode, Record<Language, string>> = {
  timeout: {
    en: 'The server did not answer in time, please try again',
    vi: 'Máy chủ không phản hồi kịp, vui lòng thử lại',
  },
  disconnected: {
    en: 'The connection was interrupted, please try again',
    vi: 'Kết nối bị gián đoạn, vui lòng thử lại',
  },
  closed: { en: 'You are no longer connected to the room', vi: 'Bạn không còn kết nối với phòng' },
  network: {
    en: 'Please check your internet connection',
    vi: 'Vui lòng kiểm tra kết nối internet',
  },
  auth_failed: {
    en: 'Your admission has expired, please join again',
    vi: 'Quyền tham gia của bạn đã hết hạn, vui lòng tham gia lại',
  },
  gave_up: {
    en: 'The connection to the room was lost, please join again',
    vi: 'Mất kết nối với phòng, vui lòng tham gia lại',
  },
};

/** A request refused by the server, or a failure of the connection itself. */
export class SignalingRequestError extends Error {
  override readonly name = 'SignalingRequestError';
  constructor(
    readonly code: SignalingFailureCode,
    /** i18n key: the server's (for example `room.locked`), or `client.<code>` for client codes. */
    readonly key: string,
    message: string,
    /** The request type this answers, when there was one. */
    readonly requestType: string | null = null,
  ) {
    super(message);
  }

  static client(code: ClientErrorCode, requestType: string | null = null): SignalingRequestError {
    return new SignalingRequestError(code, `client.${code}`, CLIENT_MESSAGES[code].en, requestType);
  }

  /** Errors after which trying the same thing again cannot help. */
  get terminal(): boolean {
    return (
      this.code === 'protocol_mismatch' ||
      this.code === 'auth_failed' ||
      this.code === 'blocked' ||
      this.code === 'room_ended' ||
      this.code === 'gave_up' ||
      this.code === 'closed'
    );
  }
}

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
  const extra = EXTRA_SERVER_MESSAGES[error.key];
  if (extra) return extra[language];
  const code = error.code as ClientErrorCode;
  if ((CLIENT_ERROR_CODES as readonly string[]).includes(code))
    return CLIENT_MESSAGES[code][language];
  return error.message || signalingMessages[language]['errors.internal'];
}

export const MEDIA_UNAVAILABLE_KEY = 'errors.media_unavailable';

/** The gateway answers media requests this way until the media server wiring is there. */
export function isMediaUnavailable(error: unknown): boolean {
  return isSignalingError(error) && error.key === MEDIA_UNAVAILABLE_KEY;
}
