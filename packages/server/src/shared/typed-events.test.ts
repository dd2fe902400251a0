import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { TypedEvents } from './typed-events.ts';

interface Events {
  ready: { generation: number };
}

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: pino({ level: 'error' }, stream) };
}

describe('TypedEvents', () => {
  it('delivers to every listener; one that throws is logged and does not stop the others', () => {
    const { lines, logger } = capture();
    const events = new TypedEvents<Events>(logger);
    const seen: number[] = [];
    events.on('ready', () => {
      throw new Error('listener bug');
    });
    events.on('ready', (p) => seen.push(p.generation));
    expect(() => events.emit('ready', { generation: 2 })).not.toThrow();
    expect(seen).toEqual([2]);
    expect(lines.join('')).toContain('listener bug');
  });

  it('once fires a single time; the returned function and off() unsubscribe', () => {
    const events = new TypedEvents<Events>(pino({ level: 'silent' }));
    const once: number[] = [];
    const many: number[] = [];
    events.once('ready', (p) => once.push(p.generation));
    const stop = events.on('ready', (p) => many.push(p.generation));
    const other = (p: { generation: number }) => many.push(p.generation * 10);
    events.on('ready', other);
    events.emit('ready', { generation: 1 });
    stop();
    events.off('ready', other);
    events.emit('ready', { generation: 2 });
    expect(once).toEqual([1]);
    expect(many).toEqual([1, 10]);
  });
});
