import type { RoomMode } from '@podium/protocol';

/**
 * The camera's simulcast layers (rid h/m/l, as Janus's own client names them): the media
 * server forwards each subscriber the layer that fits. Theater presenters publish Full HD on
 * the top layer (decisions.md "Modes"); everyone else tops out at 720p.
 */
export function cameraEncodings(mode: RoomMode | null): RTCRtpEncodingParameters[] {
  const fullHd = mode === 'theater';
  return [
    { rid: 'h', active: true, maxBitrate: fullHd ? 2_500_000 : 1_200_000 },
    { rid: 'm', active: true, maxBitrate: fullHd ? 600_000 : 400_000, scaleResolutionDownBy: 2 },
    { rid: 'l', active: true, maxBitrate: 150_000, scaleResolutionDownBy: 4 },
  ];
}

export function cameraConstraints(
  mode: RoomMode | null,
  deviceId: string | null,
): MediaTrackConstraints {
  const fullHd = mode === 'theater';
  return {
    width: { ideal: fullHd ? 1920 : 1280 },
    height: { ideal: fullHd ? 1080 : 720 },
    frameRate: { ideal: 30 },
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
  };
}

export function microphoneConstraints(deviceId: string | null): MediaTrackConstraints {
  return {
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
  };
}

/** Screen share: sharp text beats frame rate; the spec caps video below 1080p (§9). */
export const SCREEN_CONSTRAINTS: DisplayMediaStreamOptions = {
  video: { width: { max: 1920 }, height: { max: 1080 }, frameRate: { max: 15 } },
  audio: false,
};
