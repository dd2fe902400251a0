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

/**
 * What the camera captures per mode. The top layer is sent at the capture's own size, so this is
 * what makes it 1080p in theater and 720p elsewhere (spec §9 caps video below 1080p).
 */
export function cameraCapture(mode: RoomMode | null): { width: number; height: number } {
  return mode === 'theater' ? { width: 1920, height: 1080 } : { width: 1280, height: 720 };
}

/**
 * The sender's parameters with each layer's limits for `mode`. Everything else the browser put
 * there (transaction id, codecs, layers it does not know of) is kept, as setParameters requires.
 */
export function parametersForMode(
  params: RTCRtpSendParameters,
  mode: RoomMode | null,
): RTCRtpSendParameters {
  const wanted = new Map(cameraEncodings(mode).map((e) => [e.rid, e]));
  return {
    ...params,
    encodings: params.encodings.map((encoding) => {
      const layer = wanted.get(encoding.rid);
      if (!layer) return encoding;
      const next: RTCRtpEncodingParameters = { ...encoding, maxBitrate: layer.maxBitrate };
      if (layer.scaleResolutionDownBy !== undefined) {
        next.scaleResolutionDownBy = layer.scaleResolutionDownBy;
      }
      return next;
    }),
  };
}

/**
 * Asks the live camera track for the mode's size. A device that cannot keeps what it has (the
 * call goes on at its size); the constraints are ideals, so most devices just pick the nearest.
 */
export async function applyCameraMode(
  track: MediaStreamTrack,
  mode: RoomMode | null,
): Promise<boolean> {
  const { width, height } = cameraCapture(mode);
  try {
    await track.applyConstraints({
      width: { ideal: width },
      height: { ideal: height },
      frameRate: { ideal: 30 },
    });
    return true;
  } catch {
    return false;
  }
}

/** Screen share: sharp text beats frame rate; the spec caps video below 1080p (§9). */
export const SCREEN_CONSTRAINTS: DisplayMediaStreamOptions = {
  video: { width: { max: 1920 }, height: { max: 1080 }, frameRate: { max: 15 } },
  audio: false,
};
