import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('SerialQueue', () => {
  it('runs tasks one at a time in order, across awaits', async () => {
    const q = new SerialQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([q.run(task('a')), q.run(task('b')), q.run(task('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(q.size).toBe(0);
  });

  it('a failing task rejects its own promise only', async () => {
    const q = new SerialQueue();
    const failed = q.run(() => {
      throw new Error('boom');
    });
    const next = q.run(() => 'still running');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('still running');
  });

  it('idle waits for everything queued so far, failures included', async () => {
    const q = new SerialQueue();
    let done = 0;
    void q.run(async () => {
      await tick();
      done += 1;
    });
    q.run(async () => {
      await tick();
      throw new Error('ignored by idle');
    }).catch(() => undefined);
    expect(q.size).toBe(2);
    await q.idle();
    expect(done).toBe(1);
    expect(q.size).toBe(0);
  });
});
