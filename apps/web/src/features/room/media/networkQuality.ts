/**
 * The network-quality indicator: packet loss and round-trip time from getStats(), mapped to
 * good / fair / poor. Pure, so the thresholds are tested; `NetworkMonitor` (in RoomMedia) polls.
 */
export type NetworkQuality = 'good' | 'fair' | 'poor';

export interface NetworkSample {
  /** Lost packets as a percentage of those expected since the previous reading. */
  lossPercent: number | null;
  /** Round-trip time to the media server, ms. */
  rttMs: number | null;
}

/** Loss hurts audio from a few percent; RTT beyond ~300 ms makes conversation awkward. */
export const QUALITY_THRESHOLDS = {
  fair: { lossPercent: 2, rttMs: 250 },
  poor: { lossPercent: 8, rttMs: 500 },
} as const;

export function qualityOf(sample: NetworkSample): NetworkQuality | null {
  const { lossPercent: loss, rttMs: rtt } = sample;
  if (loss === null && rtt === null) return null;
  const atLeast = (level: 'fair' | 'poor') =>
    (loss !== null && loss >= QUALITY_THRESHOLDS[level].lossPercent) ||
    (rtt !== null && rtt >= QUALITY_THRESHOLDS[level].rttMs);
  if (atLeast('poor')) return 'poor';
  if (atLeast('fair')) return 'fair';
  return 'good';
}

/** Counters summed over one or more peer connections' stats reports. */
export interface StatsTotals {
  /** Inbound: what we received and what the network lost on the way to us. */
  received: number;
  lost: number;
  /** Inbound: packets asked for again (lost on the way, then repaired, or not). */
  repaired: number;
  /** Outbound: what we sent and what the media server reports lost. */
  sent: number;
  remoteLost: number;
  /** Outbound: of `sent`, packets sent again because the media server asked (NACK). */
  resent: number;
  /** Seconds; the best estimate in the reports, or null. */
  rtt: number | null;
}

type StatsEntry = Record<string, unknown>;

const num = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;
const maybe = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Counters before anything was counted. */
export function noTotals(): StatsTotals {
  return { received: 0, lost: 0, repaired: 0, sent: 0, remoteLost: 0, resent: 0, rtt: null };
}

/** Reads the counters of RTCStatsReports (`report.values()`). */
export function readTotals(reports: Iterable<Iterable<StatsEntry>>): StatsTotals {
  const totals = noTotals();
  const rtts: number[] = [];
  for (const report of reports) {
    for (const stat of report) {
      switch (stat.type) {
        case 'inbound-rtp':
          totals.received += num(stat.packetsReceived);
          totals.lost += Math.max(0, num(stat.packetsLost));
          // Where the browser does not count retransmissions received (Chromium 13x does not),
          // the NACKs it sent stand for them: about one per packet it had to ask for again.
          totals.repaired += num(stat.retransmittedPacketsReceived ?? stat.nackCount);
          break;
        case 'outbound-rtp':
          totals.sent += num(stat.packetsSent);
          totals.resent += num(stat.retransmittedPacketsSent);
          break;
        case 'remote-inbound-rtp': {
          totals.remoteLost += Math.max(0, num(stat.packetsLost));
          const rtt = maybe(stat.roundTripTime);
          if (rtt !== null) rtts.push(rtt);
          break;
        }
        case 'candidate-pair': {
          const rtt = maybe(stat.currentRoundTripTime);
          if (rtt !== null && (stat.nominated === true || stat.selected === true)) rtts.push(rtt);
          break;
        }
        default:
          break;
      }
    }
  }
  totals.rtt = rtts.length ? Math.max(...rtts) : null;
  return totals;
}

/**
 * Loss over the interval between two readings (the worse direction) and the current RTT. Loss is
 * counted before retransmission repaired it: the counters the reports keep (`packetsLost`) leave
 * out what came again, and a receiver whose round trip to the sender is long moves on without
 * waiting for it (issue 17: 5 % loss at 300+ ms read as 1–2 % there, and the layers followed
 * 10 s late). Retransmissions are part of `packetsReceived` and `packetsSent`.
 */
export function sampleBetween(previous: StatsTotals | null, next: StatsTotals): NetworkSample {
  const rttMs = next.rtt === null ? null : Math.round(next.rtt * 1000);
  if (!previous) return { lossPercent: null, rttMs };
  const d = (key: 'received' | 'lost' | 'repaired' | 'sent' | 'remoteLost' | 'resent') =>
    next[key] - previous[key];
  const percent = (lost: number, expected: number): number | null => {
    if (lost < 0 || expected < 0) return null; // counters reset (new connection)
    return expected > 0 ? (Math.min(lost, expected) / expected) * 100 : null;
  };
  const inbound = percent(d('lost') + d('repaired'), d('lost') + d('received'));
  const outbound = [
    percent(d('remoteLost'), d('remoteLost') + d('sent') - d('resent')),
    percent(d('resent'), d('sent') - d('resent')),
  ];
  const losses = [inbound, ...outbound].filter((v): v is number => v !== null);
  return {
    lossPercent: losses.length ? Math.round(Math.max(...losses) * 10) / 10 : null,
    rttMs,
  };
}
