/**
 * One server message ready for the wire, built once however many sockets it goes to: its JSON
 * as UTF-8 and, on first use, the whole unmasked WebSocket text frame (RFC 6455 §5.2: FIN and
 * opcode 1, the payload length, the payload). A socket then writes one buffer it did not
 * measure, encode or frame itself; `ws` would do all three again for each recipient.
 */
export class WireFrame {
  readonly payload: Buffer;
  #frame: Buffer | null = null;

  constructor(json: string) {
    this.payload = Buffer.from(json);
  }

  /** Header and payload in one buffer, shared by every socket that writes it (never changed). */
  get frame(): Buffer {
    if (this.#frame) return this.#frame;
    const length = this.payload.length;
    const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
    const out = Buffer.allocUnsafe(header + length);
    out[0] = 0x81; // FIN, text
    if (length < 126) {
      out[1] = length;
    } else if (length < 65_536) {
      out[1] = 126;
      out.writeUInt16BE(length, 2);
    } else {
      out[1] = 127;
      out.writeBigUInt64BE(BigInt(length), 2);
    }
    this.payload.copy(out, header);
    this.#frame = out;
    return out;
  }
}
