import { describe, expect, it } from 'vitest';
import { LocalBus, LocalCounters } from '../cluster/local.ts';
import { LocalLeases } from '../cluster/leases.ts';
import type { Bus, Cluster } from '../cluster/ports.ts';
import { AccountChannel } from './account-channel.ts';

/** Nodes of one cluster, sharing an in-process bus (the Redis one is tested end to end). */
function node(bus: Bus, nodeId: string): Cluster & { stop(): void } {
  const closing = new AbortController();
  return {
    nodeId,
    shared: true,
    counters: new LocalCounters(),
    bus,
    leases: new LocalLeases(nodeId),
    routeLimitOptions: {},
    closing: closing.signal,
    close: () => Promise.resolve(closing.abort()),
    stop: () => closing.abort(),
  };
}

const peer = () => {
  const frames: string[] = [];
  return { frames, send: (f: string) => void frames.push(f) };
};

describe('AccountChannel across nodes', () => {
  it('pushes reach the node holding the socket; presence follows changes, goodbyes and silence', async () => {
    const bus = new LocalBus();
    let now = 0;
    const clock = () => now;
    const a = node(bus, 'node-a');
    const b = node(bus, 'node-b');
    const onA = new AccountChannel({ cluster: a, now: clock });
    const onB = new AccountChannel({ cluster: b, now: clock });
    await Promise.all([onA.ready, onB.ready]);

    const socket = peer();
    const remove = onB.add('alice', socket);
    expect(onA.isOnline('alice')).toBe(true);
    // Node A reaches none of its own sockets, but the push lands on node B's.
    expect(onA.publish('alice', { type: 'notification_count', unread: 2 })).toBe(0);
    expect(socket.frames).toEqual(['{"type":"notification_count","unread":2}']);
    // Node B's own push is delivered once, not again from the bus.
    onB.publish('alice', { type: 'notification_count', unread: 3 });
    expect(socket.frames).toHaveLength(2);

    remove();
    expect(onA.isOnline('alice')).toBe(false);

    // A node that joins later hears the others' lists at once (hello → snapshot).
    onB.add('bob', peer());
    const c = node(bus, 'node-c');
    const onC = new AccountChannel({ cluster: c, now: clock });
    await onC.ready;
    expect(onC.isOnline('bob')).toBe(true);

    // A node that closes says goodbye: its accounts are gone at once.
    b.stop();
    expect(onA.isOnline('bob')).toBe(false);
    expect(onC.isOnline('bob')).toBe(false);

    // A node that dies says nothing: after three silent heartbeats its accounts are forgotten.
    onC.add('carol', peer());
    expect(onA.isOnline('carol')).toBe(true);
    now += 14_000;
    expect(onA.isOnline('carol')).toBe(true);
    now += 2_000;
    expect(onA.isOnline('carol')).toBe(false);
    a.stop();
    c.stop();
  });
});
