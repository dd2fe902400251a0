import type { ClientMessageType, IceCandidate, PeerTarget } from '@podium/protocol';
import type { ReplyOf, RequestPayload } from '../signaling/SignalingClient.ts';

/** What the media pieces need from the signaling socket (SignalingClient fits). */
export interface MediaSignaling {
  request<T extends ClientMessageType>(type: T, payload: RequestPayload<T>): Promise<ReplyOf<T>>;
}

export type PeerConnectionFactory = (config: RTCConfiguration) => RTCPeerConnection;

export const browserPeerConnection: PeerConnectionFactory = (config) =>
  new RTCPeerConnection(config);

/** The candidate as the protocol carries it (bounded strings, no usernameFragment). */
export function toWireCandidate(candidate: RTCIceCandidate): IceCandidate {
  return {
    candidate: candidate.candidate,
    sdpMid: candidate.sdpMid,
    sdpMLineIndex: candidate.sdpMLineIndex,
  };
}

/**
 * Sends this connection's ICE candidates to the media server through the socket, then
 * `completed`. Failures are dropped: a lost candidate only narrows the paths ICE may find.
 */
export function trickleThrough(
  pc: RTCPeerConnection,
  signaling: MediaSignaling,
  target: PeerTarget,
): void {
  pc.addEventListener('icecandidate', (event) => {
    const payload = event.candidate
      ? { target, candidate: toWireCandidate(event.candidate) }
      : { target, completed: true as const };
    // An empty candidate string is Chromium's end-of-generation marker for one m-line.
    if (event.candidate && !event.candidate.candidate) return;
    signaling.request('trickle', payload).catch(() => undefined);
  });
}

/**
 * Resolves once the connection's own ICE is under way: its first candidate was gathered (and,
 * with trickleThrough registered before, already sent), or gathering ended without one, or
 * the connection got past the point of needing it.
 */
export function iceUnderway(pc: RTCPeerConnection): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      pc.removeEventListener('icecandidate', done);
      pc.removeEventListener('connectionstatechange', onState);
      resolve();
    };
    const onState = (): void => {
      if (pc.connectionState !== 'new' && pc.connectionState !== 'connecting') done();
    };
    pc.addEventListener('icecandidate', done);
    pc.addEventListener('connectionstatechange', onState);
  });
}

/** Applies a remote candidate; null means the media server sent all of its candidates. */
export async function addRemoteCandidate(
  pc: RTCPeerConnection,
  candidate: IceCandidate | null,
): Promise<void> {
  try {
    await pc.addIceCandidate(candidate ?? undefined);
  } catch {
    // A candidate for a connection that was renegotiated meanwhile: harmless.
  }
}
