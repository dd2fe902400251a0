import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../shared/session/store.ts';
import { connectAccountSocketWhenSignedIn } from './accountSocket.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeChannel() {
  const disconnect = vi.fn();
  const start = vi.fn(() => disconnect);
  return { start, disconnect, load: vi.fn(() => Promise.resolve(start)) };
}

describe('the account socket', () => {
  afterEach(() => useSessionStore.getState().setSignedIn(false));

  it('loads nothing for a guest, and starts once someone signs in', async () => {
    useSessionStore.getState().setSignedIn(false);
    const channel = fakeChannel();
    const stop = connectAccountSocketWhenSignedIn(channel.load);
    await settle();
    expect(channel.load).not.toHaveBeenCalled();

    useSessionStore.getState().setSignedIn(true);
    await settle();
    expect(channel.start).toHaveBeenCalledTimes(1);

    // The channel follows later sign-outs and sign-ins itself (connectAccountChannel).
    useSessionStore.getState().setSignedIn(false);
    useSessionStore.getState().setSignedIn(true);
    await settle();
    expect(channel.start).toHaveBeenCalledTimes(1);
    stop();
    expect(channel.disconnect).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the page opens signed in', async () => {
    useSessionStore.getState().setSignedIn(true);
    const channel = fakeChannel();
    connectAccountSocketWhenSignedIn(channel.load)();
    await settle();
    expect(channel.start).not.toHaveBeenCalled();

    const kept = fakeChannel();
    const stop = connectAccountSocketWhenSignedIn(kept.load);
    await settle();
    expect(kept.start).toHaveBeenCalledTimes(1);
    stop();
  });

  it('tries a failed load again when the browser is back online', async () => {
    useSessionStore.getState().setSignedIn(true);
    const channel = fakeChannel();
    channel.load.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    const stop = connectAccountSocketWhenSignedIn(channel.load);
    await settle();
    expect(channel.start).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('online'));
    await settle();
    expect(channel.load).toHaveBeenCalledTimes(2);
    expect(channel.start).toHaveBeenCalledTimes(1);
    stop();
  });
});
