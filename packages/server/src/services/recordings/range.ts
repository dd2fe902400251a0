/**
 * One HTTP byte range (RFC 9110 §14): `bytes=a-b`, `bytes=a-` or `bytes=-n`. Several ranges in
 * one header are answered with the whole file (allowed: a server may ignore Range), which keeps
 * multipart/byteranges out; a video player asks for one range at a time.
 */
export type RangeAnswer =
  /** No usable Range header: send the whole file (200). */
  | { kind: 'whole' }
  /** Send bytes start..end inclusive (206). */
  | { kind: 'partial'; start: number; end: number }
  /** 416 with `Content-Range: bytes * /size`. */
  | { kind: 'unsatisfiable' };

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  // Another unit, or a list of ranges: ignored (the whole file).
  if (!match) {
    return /^\s*bytes\s*=/i.test(header) && !header.includes(',')
      ? { kind: 'unsatisfiable' }
      : { kind: 'whole' };
  }
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'unsatisfiable' };
  if (first === '') {
    // The last n bytes.
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
