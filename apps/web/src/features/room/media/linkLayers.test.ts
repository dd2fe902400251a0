import { describe, expect, it } from 'vitest';
import { LinkLayers, withTopLayer } from './linkLayers.ts';

const lossy = { lossPercent: 5, rttMs: 320 };
const clean = { lossPercent: 0, rttMs: 40 };

describe('the camera top layer on a lossy uplink', () => {
  it('goes off after two lossy samples in a row, not after one', () => {
    const uplink = new LinkLayers();
    expect(uplink.update(lossy)).toBeNull();
    expect(uplink.update(clean)).toBeNull();
    expect(uplink.update(lossy)).toBeNull();
    expect(uplink.update(lossy)).toBe(true);
    expect(uplink.reduced).toBe(true);
  });

  it('goes off on a round trip of half a second even without loss', () => {
    const uplink = new LinkLayers();
    uplink.update({ lossPercent: 0, rttMs: 520 });
    expect(uplink.update({ lossPercent: null, rttMs: 610 })).toBe(true);
  });

  it('comes back only after 16 s of clean samples; one lossy sample starts the count again', () => {
    const uplink = new LinkLayers();
    uplink.update(lossy);
    uplink.update(lossy);
    for (let i = 0; i < 7; i++) expect(uplink.update(clean)).toBeNull();
    // Still some loss, below the level that turned it off: not clean, so the count restarts.
    expect(uplink.update({ lossPercent: 2, rttMs: 40 })).toBeNull();
    for (let i = 0; i < 7; i++) expect(uplink.update(clean)).toBeNull();
    expect(uplink.update(clean)).toBe(false);
    expect(uplink.reduced).toBe(false);
  });

  it('ignores samples without figures and starts afresh on reset', () => {
    const uplink = new LinkLayers();
    uplink.update(lossy);
    expect(uplink.update({ lossPercent: null, rttMs: null })).toBeNull();
    expect(uplink.update(lossy)).toBe(true);
    uplink.reset();
    expect(uplink.reduced).toBe(false);
    expect(uplink.update(lossy)).toBeNull();
  });

  it('switches only the top layer, keeping what the browser put in the parameters', () => {
    const params = {
      transactionId: 't1',
      codecs: [],
      headerExtensions: [],
      rtcp: {},
      encodings: [
        { rid: 'h', active: true, maxBitrate: 1_200_000 },
        { rid: 'm', active: true, maxBitrate: 400_000, scaleResolutionDownBy: 2 },
        { rid: 'l', active: true, maxBitrate: 150_000, scaleResolutionDownBy: 4 },
      ],
    } as RTCRtpSendParameters;
    const off = withTopLayer(params, false);
    expect(off.transactionId).toBe('t1');
    expect(off.degradationPreference).toBe('maintain-framerate');
    expect(off.encodings.map((e) => [e.rid, e.active, e.maxBitrate])).toEqual([
      ['h', false, 1_200_000],
      ['m', true, 400_000],
      ['l', true, 150_000],
    ]);
    expect(withTopLayer(off, true).encodings[0]).toMatchObject({ rid: 'h', active: true });
  });
});
