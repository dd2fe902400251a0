// The few facts Podium reads from a session description itself: which m-lines it offers, their
// kind and mid. Janus moderates per mid, so stopping "the microphone" means finding its mids.

export interface SdpMediaSection {
  kind: string;
  mid: string | undefined;
  /** Port 0: the m-line is rejected or was removed. */
  rejected: boolean;
}

/** The m-lines of an SDP, in order. Tolerates both CRLF and LF line ends. */
export function sdpMediaSections(sdp: string): SdpMediaSection[] {
  const sections: SdpMediaSection[] = [];
  let current: SdpMediaSection | undefined;
  for (const line of sdp.split(/\r?\n/)) {
    if (line.startsWith('m=')) {
      const [kind = '', port = ''] = line.slice(2).split(' ');
      current = { kind, mid: undefined, rejected: port === '0' };
      sections.push(current);
    } else if (current && line.startsWith('a=mid:')) {
      current.mid = line.slice('a=mid:'.length).trim();
    }
  }
  return sections;
}

/** The mids of the audio and video m-lines in use. */
export function sdpMids(sdp: string): { audio: string[]; video: string[] } {
  const mids = { audio: [] as string[], video: [] as string[] };
  for (const section of sdpMediaSections(sdp)) {
    if (section.rejected || section.mid === undefined) continue;
    if (section.kind === 'audio') mids.audio.push(section.mid);
    else if (section.kind === 'video') mids.video.push(section.mid);
  }
  return mids;
}

/**
 * The DTLS certificate fingerprint an SDP announces (the first one; browsers put the same one on
 * every m-line). A browser makes a new certificate per RTCPeerConnection, so a changed
 * fingerprint means a new connection rather than a renegotiation of the old one.
 */
export function sdpFingerprint(sdp: string): string | undefined {
  const match = /^a=fingerprint:(.+)$/m.exec(sdp.replace(/\r\n/g, '\n'));
  return match?.[1]?.trim().toLowerCase();
}
