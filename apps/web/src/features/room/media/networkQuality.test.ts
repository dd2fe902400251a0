import { describe, expect, it } from 'vitest';
import {
  noTotals,
  qualityOf,
  readTotals,
  sampleBetween,
  type StatsTotals,
} from './networkQuality.ts';

describe('network quality', () => {
  it.each([
    [{ lossPercent: 0, rttMs: 40 }, 'good'],
    [{ lossPercent: 1.9, rttMs: 249 }, 'good'],
    [{ lossPercent: 2, rttMs: 40 }, 'fair'],
    [{ lossPercent: 0, rttMs: 250 }, 'fair'],
    [{ lossPercent: 7.9, rttMs: 499 }, 'fair'],
    [{ lossPercent: 8, rttMs: 10 }, 'poor'],
    [{ lossPercent: 0, rttMs: 500 }, 'poor'],
    [{ lossPercent: null, rttMs: 600 }, 'poor'],
    [{ lossPercent: 3, rttMs: null }, 'fair'],
    [{ lossPercent: null, rttMs: null }, null],
  ] as const)('%o → %s', (sample, quality) => {
    expect(qualityOf(sample)).toBe(quality);
  });

  const report = (entries: Record<string, unknown>[]) =>
    new Map(entries.map((e, i) => [String(i), e])).values();

  it('sums the counters of every connection and takes the worst round trip', () => {
    const totals = readTotals([
      report([
        { type: 'inbound-rtp', kind: 'audio', packetsReceived: 900, packetsLost: 10 },
        {
          type: 'inbound-rtp',
          kind: 'video',
          packetsReceived: 100,
          packetsLost: 0,
          retransmittedPacketsReceived: 4,
        },
        { type: 'candidate-pair', nominated: true, currentRoundTripTime: 0.05 },
        { type: 'candidate-pair', nominated: false, currentRoundTripTime: 2 },
      ]),
      report([
        { type: 'outbound-rtp', packetsSent: 500, retransmittedPacketsSent: 20 },
        { type: 'remote-inbound-rtp', packetsLost: 5, roundTripTime: 0.12 },
        { type: 'codec', mimeType: 'video/VP8' },
      ]),
    ]);
    expect(totals).toEqual({
      received: 1000,
      lost: 10,
      repaired: 4,
      sent: 500,
      remoteLost: 5,
      resent: 20,
      rtt: 0.12,
    });
  });

  const at = (t: Partial<StatsTotals>): StatsTotals => ({ ...noTotals(), ...t });

  it('measures loss between two readings in the worse direction', () => {
    const before = at({ received: 1000, lost: 10, sent: 500, remoteLost: 5, rtt: 0.1 });
    const after = at({ received: 1950, lost: 60, sent: 1000, remoteLost: 6, rtt: 0.3 });
    // Inbound: 50 lost of 1000 expected = 5 %; outbound: 1 of 501 ≈ 0.2 %.
    expect(sampleBetween(before, after)).toEqual({ lossPercent: 5, rttMs: 300 });
    expect(qualityOf(sampleBetween(before, after))).toBe('fair');
  });

  it('counts loss that retransmission repaired, both ways (what a far receiver misses)', () => {
    // Sent 1050 of which 50 again on request: 5 % of the 1000 first sent were lost on the way,
    // though the media server reports none lost in the end.
    const up = sampleBetween(at({ rtt: 0.35 }), at({ sent: 1050, resent: 50, rtt: 0.35 }));
    expect(up).toEqual({ lossPercent: 5, rttMs: 350 });
    // Received 1000 of which 40 came again, and 10 never: 50 of 1010 expected.
    const down = sampleBetween(at({}), at({ received: 1000, repaired: 40, lost: 10 }));
    expect(down.lossPercent).toBe(5);
    // A browser that does not count retransmissions received: the NACKs it sent stand in.
    const nacked = readTotals([
      report([
        { type: 'inbound-rtp', kind: 'video', packetsReceived: 990, packetsLost: 0, nackCount: 50 },
      ]),
    ]);
    expect(nacked.repaired).toBe(50);
    // No retransmissions, no loss: a clean link stays clean.
    expect(sampleBetween(at({}), at({ sent: 1000, received: 1000 })).lossPercent).toBe(0);
  });

  it('has no loss figure on the first reading or after counters restart', () => {
    const after = at({ received: 10 });
    expect(sampleBetween(null, after)).toEqual({ lossPercent: null, rttMs: null });
    const before = at({ received: 5000, lost: 50 });
    expect(sampleBetween(before, after).lossPercent).toBeNull();
  });
});
