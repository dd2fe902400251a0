/**
 * getUserMedia failures mapped to the device messages of spec §8: not found (with system-check
 * advice), blocked, access denied (try again), not readable (used by another app).
 */
export type MediaKind = 'camera' | 'microphone';

export type DeviceErrorKind =
  /** No such device: none connected, or disabled in the system. */
  | 'not_found'
  /** The site is blocked from the device (a saved "block" or a system-level refusal). */
  | 'blocked'
  /** The person dismissed or refused the prompt this time. */
  | 'denied'
  /** The device exists but cannot be opened, usually because another app holds it. */
  | 'not_readable'
  | 'unknown';

export type PermissionStateLike = 'granted' | 'denied' | 'prompt' | null;

function errorName(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'name' in error) {
    const name = (error as { name: unknown }).name;
    if (typeof name === 'string') return name;
  }
  return '';
}

/**
 * The kind of a getUserMedia error. `permission` is the Permissions API state of the device when
 * known: a NotAllowedError with a stored "denied" is a block (asking again will not prompt),
 * without one the person refused this time and may try again.
 */
export function classifyMediaError(
  error: unknown,
  permission: PermissionStateLike = null,
): DeviceErrorKind {
  switch (errorName(error)) {
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'not_found';
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return permission === 'denied' ? 'blocked' : 'denied';
    // Chromium reports a refusal by the operating system or a policy as SecurityError.
    case 'SecurityError':
      return 'blocked';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'not_readable';
    default:
      return 'unknown';
  }
}

/** The i18n key of the message for `kind` on `device`. */
export function deviceErrorKey(kind: DeviceErrorKind, device: MediaKind): string {
  return kind === 'unknown' ? 'join.deviceErrors.unknown' : `join.deviceErrors.${device}.${kind}`;
}
