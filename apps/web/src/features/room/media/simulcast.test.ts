import { describe, expect, it } from 'vitest';
import { ROOM_MODES, type RoomMode } from '@podium/protocol';
import { Publisher } from './Publisher.ts';
import { applyCameraMode, cameraCapture, cameraEncodings, parametersForMode } from './simulcast.ts';

/** The height each layer is sent at for a capture of `height`. */
const layerHeights = (mode: RoomMode | null) =>
  cameraEncodings(mode).map((e) => cameraCapture(mode).height / (e.scaleResolutionDownBy ?? 1));

describe('camera layers per room mode', () => {
  it('tops out at 1080p in theater and at 720p in every other mode', () => {
    expect(layerHeights('theater')).toEqual([1080, 540, 270]);
    for (const mode of [...ROOM_MODES.filter((m) => m !== 'theater'), null]) {
      expect(layerHeights(mode)).toEqual([720, 360, 180]);
    }
  });

  it('gives the Full HD top layer the bitrate it needs', () => {
    const [theaterTop] = cameraEncodings('theater');
    const [conferenceTop] = cameraEncodings('conference');
    expect(theaterTop!.maxBitrate).toBeGreaterThan(conferenceTop!.maxBitrate!);
    expect(cameraEncodings('theater').map((e) => e.rid)).toEqual(['h', 'm', 'l']);
  });

  it("rewrites a live sender's limits and keeps what the browser put there", () => {
    const live = {
      transactionId: 't-1',
      codecs: [],
      headerExtensions: [],
      rtcp: {},
      encodings: cameraEncodings('conference').map((e) => ({ ...e, priority: 'low' as const })),
    } as RTCRtpSendParameters;
    const next = parametersForMode(live, 'theater');
    expect(next.transactionId).toBe('t-1');
    expect(next.encodings.map((e) => e.maxBitrate)).toEqual(
      cameraEncodings('theater').map((e) => e.maxBitrate),
    );
    expect(next.encodings.every((e) => e.priority === 'low')).toBe(true);
    // And back again.
    expect(parametersForMode(next, 'conference').encodings).toEqual(live.encodings);
  });
});

describe('sizing the live camera track', () => {
  const track = (apply: (c: MediaTrackConstraints) => Promise<void>) => {
    const asked: MediaTrackConstraints[] = [];
    const t = {
      applyConstraints: (c: MediaTrackConstraints) => {
        asked.push(c);
        return apply(c);
      },
    } as unknown as MediaStreamTrack;
    return { t, asked };
  };

  it('asks for 1920x1080 in theater and 1280x720 elsewhere', async () => {
    const { t, asked } = track(() => Promise.resolve());
    expect(await applyCameraMode(t, 'theater')).toBe(true);
    expect(await applyCameraMode(t, 'conference')).toBe(true);
    expect(asked.map((c) => [c.width, c.height])).toEqual([
      [{ ideal: 1920 }, { ideal: 1080 }],
      [{ ideal: 1280 }, { ideal: 720 }],
    ]);
  });

  it('keeps the call going when the device cannot', async () => {
    const { t } = track(() => Promise.reject(new DOMException('no', 'OverconstrainedError')));
    expect(await applyCameraMode(t, 'theater')).toBe(false);
  });
});

describe('a mode switch on a publishing camera', () => {
  /** Just enough of a peer connection to watch the video sender (jsdom has no WebRTC). */
  function publisher(mode: RoomMode | null, refuse = false) {
    let params: RTCRtpSendParameters | null = null;
    const offers: number[] = [];
    const sender = {
      getParameters: () => params!,
      setParameters: (p: RTCRtpSendParameters) => {
        if (refuse) return Promise.reject(new DOMException('no', 'InvalidModificationError'));
        params = p;
        return Promise.resolve();
      },
      replaceTrack: () => Promise.resolve(),
    };
    const pc = Object.assign(new EventTarget(), {
      addTransceiver: (kind: string, init: RTCRtpTransceiverInit) => {
        if (kind === 'video') {
          params = {
            transactionId: 'x',
            codecs: [],
            headerExtensions: [],
            rtcp: {},
            encodings: init.sendEncodings ?? [],
          };
        }
        return { sender };
      },
      createOffer: () => {
        offers.push(1);
        return Promise.resolve({ type: 'offer', sdp: '' });
      },
      close: () => undefined,
    });
    const p = new Publisher({
      source: 'camera',
      signaling: { request: () => Promise.resolve({}) as never },
      createPeerConnection: () => pc as unknown as RTCPeerConnection,
      iceServers: [],
      mode,
    });
    return { p, top: () => params!.encodings[0]!.maxBitrate, offers };
  }

  it('raises and lowers the top layer in place, without a new offer', async () => {
    const { p, top, offers } = publisher('conference');
    expect(top()).toBe(cameraEncodings('conference')[0]!.maxBitrate);
    expect(await p.setMode('theater')).toBe(true);
    expect(top()).toBe(cameraEncodings('theater')[0]!.maxBitrate);
    expect(p.mode).toBe('theater');
    expect(await p.setMode('conference')).toBe(true);
    expect(top()).toBe(cameraEncodings('conference')[0]!.maxBitrate);
    expect(offers).toEqual([]);
  });

  it('stays on the old limits when the browser refuses', async () => {
    const { p, top } = publisher('conference', true);
    expect(await p.setMode('theater')).toBe(false);
    expect(p.mode).toBe('conference');
    expect(top()).toBe(cameraEncodings('conference')[0]!.maxBitrate);
  });
});
