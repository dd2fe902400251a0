// Just enough MPEG-TS reading for the egress to cut a file output at a moment of the media
// (pause, resume, stop) instead of at the moment a request reaches the egress: each 188-byte
// packet of the hub's output is labelled with its stream and the PTS of the frame (PES) it
// carries, and video packets that begin a key frame are marked.

export const TS_PACKET = 188;
/** MPEG-TS timestamps count 90 kHz ticks. */
export const PTS_HZ = 90_000;

export type TsKind = 'psi' | 'video' | 'audio' | 'other';

export interface TsPacket {
  readonly data: Buffer;
  readonly kind: TsKind;
  /** The PTS (90 kHz) of the PES this packet belongs to; null for tables. */
  readonly pts: number | null;
  /** The first packet of a video key frame (ffmpeg sets random_access_indicator there). */
  readonly key: boolean;
}

interface Pes {
  kind: TsKind;
  pts: number | null;
}

/** Labels whole TS packets; keeps the PES each PID is in across calls. */
export class TsReader {
  readonly #pes = new Map<number, Pes>();

  read(buffer: Buffer): TsPacket[] {
    const packets: TsPacket[] = [];
    for (let at = 0; at + TS_PACKET <= buffer.length; at += TS_PACKET) {
      packets.push(this.#packet(buffer.subarray(at, at + TS_PACKET)));
    }
    return packets;
  }

  #packet(data: Buffer): TsPacket {
    if (data[0] !== 0x47) return { data, kind: 'other', pts: null, key: false };
    const unitStart = (data[1]! & 0x40) !== 0;
    const pid = ((data[1]! & 0x1f) << 8) | data[2]!;
    const control = (data[3]! >> 4) & 3;
    let payload = 4;
    let randomAccess = false;
    if (control & 2) {
      const length = data[4]!;
      randomAccess = length > 0 && (data[5]! & 0x40) !== 0;
      payload = 5 + length;
    }
    const hasPayload = (control & 1) !== 0 && payload < TS_PACKET;
    if (unitStart && hasPayload && isPesStart(data, payload)) {
      const pes: Pes = { kind: kindOf(data[payload + 3]!), pts: ptsOf(data, payload) };
      this.#pes.set(pid, pes);
      return { data, ...pes, key: pes.kind === 'video' && randomAccess };
    }
    const pes = this.#pes.get(pid);
    if (pes) return { data, ...pes, key: false };
    return { data, kind: 'psi', pts: null, key: false };
  }
}

function isPesStart(data: Buffer, at: number): boolean {
  return at + 9 <= TS_PACKET && data[at] === 0 && data[at + 1] === 0 && data[at + 2] === 1;
}

function kindOf(streamId: number): TsKind {
  if (streamId >= 0xe0 && streamId <= 0xef) return 'video';
  if (streamId >= 0xc0 && streamId <= 0xdf) return 'audio';
  return 'other';
}

/** The PES header's PTS (33 bits: multiplied, not shifted, past 31 bits). */
function ptsOf(data: Buffer, at: number): number | null {
  if ((data[at + 7]! & 0x80) === 0 || at + 14 > TS_PACKET) return null;
  const b = (i: number) => data[at + 9 + i]!;
  return (
    ((b(0) >> 1) & 7) * 2 ** 30 +
    b(1) * 2 ** 22 +
    (b(2) >> 1) * 2 ** 15 +
    b(3) * 2 ** 7 +
    (b(4) >> 1)
  );
}
