import { describe, expect, it } from 'vitest';
import { parseRange } from './range.ts';

describe('parseRange', () => {
  it('sends the whole file without a Range header', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'whole' });
  });
  it('answers a closed, an open and a suffix range', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
  });
  it('clamps an end past the file and a suffix longer than it', () => {
    expect(parseRange('bytes=50-1000', 100)).toEqual({ kind: 'partial', start: 50, end: 99 });
    expect(parseRange('bytes=-1000', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
  });
  it('refuses ranges outside the file or backwards', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=20-10', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=abc', 100)).toEqual({ kind: 'unsatisfiable' });
  });
  it('ignores other units and lists of ranges (the whole file)', () => {
    expect(parseRange('items=0-1', 100)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'whole' });
  });
});
