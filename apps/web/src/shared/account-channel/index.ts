import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { ServerMessageOf, ServerMessageType } from '@podium/protocol';
import { lazyModule } from '../lazyModule.ts';
import type { AccountChannelClient, AccountChannelState } from './client.ts';

export type { AccountChannelClient, AccountChannelOptions, AccountChannelState } from './client.ts';

/**
 * The app's channel (channel.ts), loaded once someone is signed in (app/accountSocket.ts loads
 * it and connects it): until then the hooks below hear nothing and read 'stopped', which is all
 * a channel that has not started could tell them.
 */
export const appAccountChannel = lazyModule(() => import('./channel.ts'));

/**
 * The channel the hooks listen to: null is the app's (appAccountChannel); tests provide their
 * own client on a loopback socket.
 */
export const AccountChannelContext = createContext<AccountChannelClient | null>(null);

const noChannel = () => () => undefined;

/** The context's client, or the app's once it has loaded (null before). */
function useChannel(): AccountChannelClient | null {
  const given = useContext(AccountChannelContext);
  const app = useSyncExternalStore(
    given ? noChannel : appAccountChannel.subscribe,
    () => appAccountChannel.current(),
    () => appAccountChannel.current(),
  );
  return given ?? app?.accountChannel ?? null;
}

/**
 * Calls `handler` for every server message of `type` pushed to the signed-in account, for as
 * long as the component is mounted. The latest handler is used without resubscribing.
 */
export function useAccountMessage<T extends ServerMessageType>(
  type: T,
  handler: (message: ServerMessageOf<T>) => void,
): void {
  const client = useChannel();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client?.on(type, (message) => latest.current(message)), [client, type]);
}

/** The channel's connection state ('connected' again after a drop: refetch what may be missed). */
export function useAccountChannelState(): AccountChannelState {
  const client = useChannel();
  return useSyncExternalStore(
    (notify) => client?.onState(notify) ?? (() => undefined),
    () => client?.state ?? 'stopped',
    () => client?.state ?? 'stopped',
  );
}
