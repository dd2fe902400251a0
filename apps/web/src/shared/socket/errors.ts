import type { AdmissionRefusal, Language, SignalingErrorCode } from '@podium/protocol';

/** Failures the client itself detects; the server's codes come from the protocol. */
export const CLIENT_ERROR_CODES = [
  /** No answer within the request timeout. */
  'timeout',
  /** The socket dropped before the answer came. */
  'disconnected',
  /** The client was closed (left the room, signed out) while the request was pending. */
  'closed',
  /** The socket could not be opened, or the auth call did not get through. */
  'network',
  /** The credentials call was refused (`POST /member/v1/auth`): join or sign in again. */
  'auth_failed',
  /** Reconnecting took longer than the server keeps a dropped participant. */
  'gave_up',
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type SocketFailureCode = SignalingErrorCode | ClientErrorCode;

export const CLIENT_MESSAGES: Record<ClientErrorCode, Record<Language, string>> = {
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

export function isClientErrorCode(code: string): code is ClientErrorCode {
  return (CLIENT_ERROR_CODES as readonly string[]).includes(code);
}

/** A request refused by the server, or a failure of the connection itself. */
export class SocketRequestError extends Error {
  override readonly name = 'SignalingRequestError';
  constructor(
    readonly code: SocketFailureCode,
    /** i18n key: the server's (for example `room.locked`), or `client.<code>` for client codes. */
    readonly key: string,
    message: string,
    /** The request type this answers, when there was one. */
    readonly requestType: string | null = null,
    /** A join link's hello refused: what verify-call would have answered (its status, …). */
    readonly refusal?: AdmissionRefusal,
  ) {
    super(message);
  }

  static client(code: ClientErrorCode, requestType: string | null = null): SocketRequestError {
    return new SocketRequestError(code, `client.${code}`, CLIENT_MESSAGES[code].en, requestType);
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

/**
 * Whether the credentials call was refused (a 4xx other than 429): the person is signed out or
 * no longer admitted, and asking again would only repeat the refusal.
 */
export function isAuthRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}
