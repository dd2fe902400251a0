/**
 * The browser check of spec §8: calling needs WebRTC and camera/microphone access. Browsers
 * without them get 'This device does not support calling, please use Chrome or Firefox'.
 */
export interface CallingEnvironment {
  RTCPeerConnection?: unknown;
  mediaDevices?: { getUserMedia?: unknown } | undefined;
}

export function supportsCalling(env: CallingEnvironment): boolean {
  return (
    typeof env.RTCPeerConnection === 'function' &&
    typeof env.mediaDevices?.getUserMedia === 'function'
  );
}

/** What this browser offers; mediaDevices is absent outside secure contexts (http, non-local). */
export function browserEnvironment(): CallingEnvironment {
  if (typeof window === 'undefined') return {};
  return {
    RTCPeerConnection: (window as { RTCPeerConnection?: unknown }).RTCPeerConnection,
    mediaDevices: typeof navigator === 'undefined' ? undefined : navigator.mediaDevices,
  };
}

/** Whether audio output can be chosen (HTMLMediaElement.setSinkId: Chromium, Firefox 116+). */
export function supportsSpeakerSelection(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
}
