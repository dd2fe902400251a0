import { describe, expect, it } from 'vitest';
import { AccountChannel } from './account-channel.ts';

describe('AccountChannel', () => {
  const peer = () => {
    const frames: string[] = [];
    return { frames, send: (f: string) => void frames.push(f) };
  };

  it('publishes to every socket of the account and nobody else', () => {
    const channel = new AccountChannel();
    const a1 = peer();
    const a2 = peer();
    const b = peer();
    channel.add('a', a1);
    const removeA2 = channel.add('a', a2);
    channel.add('b', b);
    expect(channel.publish('a', { type: 'notification_count', unread: 3 })).toBe(2);
    expect(a1.frames).toEqual(['{"type":"notification_count","unread":3}']);
    expect(a2.frames).toEqual(a1.frames);
    expect(b.frames).toEqual([]);
    removeA2();
    removeA2();
    expect(channel.publish('a', { type: 'notification_count', unread: 1 })).toBe(1);
    expect(channel.publish('nobody', { type: 'notification_count', unread: 1 })).toBe(0);
    expect(channel.size).toBe(2);
  });

  it('reports presence on the first socket and after the last, and survives a bad listener', () => {
    const channel = new AccountChannel();
    const heard: Array<[string, boolean]> = [];
    channel.onPresence(() => {
      throw new Error('listener bug');
    });
    const stop = channel.onPresence((id, online) => heard.push([id, online]));
    const r1 = channel.add('a', peer());
    const r2 = channel.add('a', peer());
    expect(channel.isOnline('a')).toBe(true);
    expect(channel.onlineOf(['a', 'b'])).toEqual(['a']);
    r1();
    expect(heard).toEqual([['a', true]]);
    r2();
    expect(heard).toEqual([
      ['a', true],
      ['a', false],
    ]);
    expect(channel.isOnline('a')).toBe(false);
    stop();
    channel.add('a', peer());
    expect(heard).toHaveLength(2);
  });
});
