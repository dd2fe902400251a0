import { describe, expect, it } from 'vitest';
import { LinkLayers, receiveLayerAt, withLayers } from './linkLayers.ts';

/** Loss that retransmission repairs (short round trip), and loss with a long one (issue 17). */
const lossyNear = { lossPercent: 5, rttMs: 40 };
const lossyFar = { lossPercent: 5, rttMs: 320 };
const clean = { lossPercent: 0, rttMs: 40 };

describe('simulcast layers on a lossy link', () => {
  it('drops the top layer after two samples of loss, not after one', () => {
    const link = new LinkLayers();
    expect(link.update(lossyNear)).toBeNull();
    expect(link.update(clean)).toBeNull();
    expect(link.update(lossyNear)).toBeNull();
    expect(link.update(lossyNear)).toBe(1);
    expect(link.level).toBe(1);
    // More of the same loss changes nothing.
    expect(link.update(lossyNear)).toBeNull();
    expect(link.update(lossyNear)).toBeNull();
  });

  it('keeps the lowest layer only when the loss comes with a round trip too long to repair it', () => {
    const link = new LinkLayers();
    expect(link.update(lossyFar)).toBeNull();
    expect(link.update(lossyFar)).toBe(2);
    // From the top layer off too, as the round trip grows.
    const later = new LinkLayers();
    later.update(lossyNear);
    expect(later.update(lossyNear)).toBe(1);
    later.update(lossyFar);
    expect(later.update(lossyFar)).toBe(2);
    // Neither loss alone nor a long round trip alone is enough for the lowest layer.
    const lossOnly = new LinkLayers();
    lossOnly.update(lossyNear);
    lossOnly.update({ lossPercent: 0.5, rttMs: 320 });
    lossOnly.update({ lossPercent: 0.5, rttMs: 320 });
    expect(lossOnly.level).toBe(0);
  });

  it('for a camera, keeps the lowest layer only from the first sample of unrepairable loss', () => {
    const camera = new LinkLayers({ lowestAtOnce: true });
    expect(camera.update(lossyFar)).toBe(2);
    // Loss alone still has to last two samples.
    const near = new LinkLayers({ lowestAtOnce: true });
    expect(near.update(lossyNear)).toBeNull();
    expect(near.update(lossyNear)).toBe(1);
  });

  it('drops the top layer on a round trip of half a second even without loss', () => {
    const link = new LinkLayers();
    link.update({ lossPercent: 0, rttMs: 520 });
    expect(link.update({ lossPercent: null, rttMs: 610 })).toBe(1);
  });

  it('comes back only after 16 s of clean samples; one lossy sample starts the count again', () => {
    const link = new LinkLayers();
    link.update(lossyFar);
    link.update(lossyFar);
    for (let i = 0; i < 15; i++) expect(link.update(clean)).toBeNull();
    // Still some loss, below the level that reduced it: not clean, so the count restarts.
    expect(link.update({ lossPercent: 2, rttMs: 40 })).toBeNull();
    for (let i = 0; i < 15; i++) expect(link.update(clean)).toBeNull();
    expect(link.update(clean)).toBe(0);
    expect(link.level).toBe(0);
  });

  it('ignores samples without figures and starts afresh on reset', () => {
    const link = new LinkLayers();
    link.update(lossyNear);
    expect(link.update({ lossPercent: null, rttMs: null })).toBeNull();
    expect(link.update(lossyNear)).toBe(1);
    link.reset();
    expect(link.level).toBe(0);
    expect(link.update(lossyNear)).toBeNull();
  });

  it('switches the camera layers of a level, keeping what the browser put in the parameters', () => {
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
    const active = (p: RTCRtpSendParameters) =>
      p.encodings.map((e: RTCRtpEncodingParameters) => [e.rid, e.active, e.maxBitrate]);
    const noTop = withLayers(params, 1);
    expect(noTop.transactionId).toBe('t1');
    expect(noTop.degradationPreference).toBe('maintain-framerate');
    expect(active(noTop)).toEqual([
      ['h', false, 1_200_000],
      ['m', true, 400_000],
      ['l', true, 150_000],
    ]);
    expect(active(withLayers(noTop, 2))).toEqual([
      ['h', false, 1_200_000],
      ['m', false, 400_000],
      ['l', true, 150_000],
    ]);
    expect(active(withLayers(noTop, 0)).every(([, on]) => on === true)).toBe(true);
  });

  it('asks the media server for the top, middle or lowest layer', () => {
    expect([0, 1, 2].map((level) => receiveLayerAt(level as 0 | 1 | 2))).toEqual([2, 1, 0]);
  });
});
