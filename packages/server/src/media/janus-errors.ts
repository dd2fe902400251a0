// Janus failures as domain errors: callers switch on `kind`, never on Janus's numeric codes.

export type MediaErrorKind =
  /** The request got no answer in time. */
  | 'timeout'
  /** The connection to Janus is gone (Janus stopped, restarted, or the client was closed). */
  | 'closed'
  /** The session or handle no longer exists in Janus (e.g. after a restart or a timeout). */
  | 'gone'
  | 'unauthorized'
  | 'no-such-room'
  | 'room-exists'
  | 'no-such-feed'
  | 'feed-exists'
  | 'publishers-full'
  | 'already-joined'
  | 'not-joined'
  | 'already-published'
  | 'not-published'
  | 'invalid-sdp'
  | 'invalid-request'
  /** A request made in the wrong state of this client-side handle (a programming error). */
  | 'wrong-state'
  | 'other';

export class MediaError extends Error {
  override readonly name = 'MediaError';
  readonly kind: MediaErrorKind;
  /** Janus's numeric code, for logs only. */
  readonly code: number | undefined;

  constructor(kind: MediaErrorKind, message: string, code?: number) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}

/** Janus core API error codes (apierror.h). */
const CORE_CODES: Readonly<Record<number, MediaErrorKind>> = {
  403: 'unauthorized',
  405: 'unauthorized',
  458: 'gone', // session not found
  459: 'gone', // handle not found
  465: 'invalid-sdp',
  452: 'invalid-request',
  453: 'invalid-request',
  454: 'invalid-request',
  455: 'invalid-request',
  456: 'invalid-request',
  467: 'invalid-request',
};

/** VideoRoom plugin error codes (janus_videoroom.c). */
const VIDEOROOM_CODES: Readonly<Record<number, MediaErrorKind>> = {
  421: 'invalid-request',
  422: 'invalid-request',
  423: 'invalid-request',
  424: 'not-joined',
  425: 'already-joined',
  426: 'no-such-room',
  427: 'room-exists',
  428: 'no-such-feed',
  429: 'invalid-request',
  430: 'invalid-request',
  431: 'invalid-sdp',
  432: 'publishers-full',
  433: 'unauthorized',
  434: 'already-published',
  435: 'not-published',
  436: 'feed-exists',
  437: 'invalid-sdp',
};

export function coreError(code: number, reason: string): MediaError {
  return new MediaError(CORE_CODES[code] ?? 'other', `Janus: ${reason} (${code})`, code);
}

export function videoRoomError(code: number, reason: string): MediaError {
  return new MediaError(VIDEOROOM_CODES[code] ?? 'other', `VideoRoom: ${reason} (${code})`, code);
}
