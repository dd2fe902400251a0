import { describe, expect, it } from 'vitest';
import { initialState, step, type QrCall, type QrCallEvent } from './machine.ts';

const ringing = (rung: string[]): QrCall => initialState(rung, rung).call;

function ok(call: QrCall, event: QrCallEvent) {
  const result = step(call, event);
  if (!result.ok) throw new Error(`refused in ${result.state}`);
  return result;
}

describe('QR call machine', () => {
  it('starts busy, everyone missing it, when no agent is online', () => {
    const start = initialState([], ['a', 'b']);
    expect(start.call.state).toBe('busy');
    expect(start.missed).toEqual(['a', 'b']);
    expect(initialState(['a'], ['a', 'b']).call).toMatchObject({ state: 'ringing', rung: ['a'] });
  });

  it('accept: answered; the others stop with answered_elsewhere; nobody missed it', () => {
    const r = ok(ringing(['a', 'b', 'c']), { type: 'accept', agentId: 'b' });
    expect(r.call).toMatchObject({ state: 'answered', answeredBy: 'b' });
    expect(r.stops).toEqual([
      { agentId: 'a', reason: 'answered_elsewhere' },
      { agentId: 'b', reason: 'answered' },
      { agentId: 'c', reason: 'answered_elsewhere' },
    ]);
    expect(r.missed).toEqual([]);
  });

  it('only the first accept wins: every later event is refused with the state', () => {
    const answered = ok(ringing(['a', 'b']), { type: 'accept', agentId: 'a' }).call;
    for (const event of [
      { type: 'accept', agentId: 'b' },
      { type: 'decline', agentId: 'b' },
      { type: 'cancel' },
      { type: 'timeout' },
      { type: 'expire' },
    ] satisfies QrCallEvent[]) {
      expect(step(answered, event)).toEqual({ ok: false, state: 'answered' });
    }
  });

  it('cancel, timeout and expire stop everyone who did not decline; they missed the call', () => {
    const declined = ok(ringing(['a', 'b', 'c']), { type: 'decline', agentId: 'a' }).call;
    for (const [event, state, reason] of [
      [{ type: 'cancel' }, 'cancelled', 'cancelled'],
      [{ type: 'timeout' }, 'timeout', 'timeout'],
      [{ type: 'expire' }, 'expired', 'expired'],
    ] as const) {
      const r = ok(declined, event);
      expect(r.call.state).toBe(state);
      expect(r.stops).toEqual([
        { agentId: 'b', reason },
        { agentId: 'c', reason },
      ]);
      expect(r.missed).toEqual(['b', 'c']);
    }
  });

  it('declines: ringing goes on until every rung agent declined, then busy', () => {
    const one = ok(ringing(['a', 'b']), { type: 'decline', agentId: 'a' });
    expect(one.call.state).toBe('ringing');
    expect(one.stops).toEqual([{ agentId: 'a', reason: 'declined' }]);
    // Declining twice changes nothing.
    expect(ok(one.call, { type: 'decline', agentId: 'a' }).call).toEqual(one.call);
    const both = ok(one.call, { type: 'decline', agentId: 'b' });
    expect(both.call.state).toBe('busy');
    expect(both.missed).toEqual([]);
  });

  it('an agent who was not rung may still answer (came online later)', () => {
    const r = ok(ringing(['a']), { type: 'accept', agentId: 'z' });
    expect(r.call.answeredBy).toBe('z');
    expect(r.stops).toContainEqual({ agentId: 'z', reason: 'answered' });
    expect(r.stops).toContainEqual({ agentId: 'a', reason: 'answered_elsewhere' });
  });
});
