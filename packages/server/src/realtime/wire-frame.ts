/**
 * One server message ready for the wire, built once however many sockets it goes to: the whole
 * unmasked WebSocket text frame (RFC 6455 §5.2: FIN and opcode 1, the payload length, the
 * payload), its JSON encoded as UTF-8 straight into the frame's buffer. A socket then writes one
 * buffer it did not measure, encode or frame itself; `ws` would do all three again for each
 * recipient, and write the header and the payload as two buffers.
 */
export class WireFrame {
  /** Header and payload in one buffer, shared by every socket that writes it (never changed). */
  readonly frame: Buffer;
  /** The JSON as UTF-8 (a view into `frame`). */
  readonly payload: Buffer;

  constructor(json: string) {
    const length = Buffer.byteLength(json);
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
    out.write(json, header, 'utf8');
    this.frame = out;
    this.payload = out.subarray(header);
  }
}
