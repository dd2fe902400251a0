import { describe, expect, it } from 'vitest';
import { sdpFingerprint, sdpMediaSections, sdpMids } from './sdp-media.ts';

const offer = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0 1 2',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111',
  'a=fingerprint:sha-256 AB:CD:EF',
  'a=mid:0',
  'm=video 9 UDP/TLS/RTP/SAVPF 96',
  'a=mid:1',
  'm=video 0 UDP/TLS/RTP/SAVPF 96',
  'a=mid:2',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'a=mid:3',
  '',
].join('\r\n');

describe('sdp-media', () => {
  it('lists m-lines with kind, mid and whether they are rejected', () => {
    expect(sdpMediaSections(offer)).toEqual([
      { kind: 'audio', mid: '0', rejected: false },
      { kind: 'video', mid: '1', rejected: false },
      { kind: 'video', mid: '2', rejected: true },
      { kind: 'application', mid: '3', rejected: false },
    ]);
  });

  it('gives the mids in use per kind, skipping rejected lines and data', () => {
    expect(sdpMids(offer)).toEqual({ audio: ['0'], video: ['1'] });
    expect(sdpMids(offer.replace(/\r\n/g, '\n'))).toEqual({ audio: ['0'], video: ['1'] });
    expect(sdpMids('v=0\r\n')).toEqual({ audio: [], video: [] });
  });

  it('reads the DTLS fingerprint, case-insensitively', () => {
    expect(sdpFingerprint(offer)).toBe('sha-256 ab:cd:ef');
    expect(sdpFingerprint(offer.replace('AB:CD:EF', 'ab:cd:ef'))).toBe('sha-256 ab:cd:ef');
    expect(sdpFingerprint('v=0\r\nm=audio 9 RTP/AVP 0\r\n')).toBeUndefined();
  });
});
