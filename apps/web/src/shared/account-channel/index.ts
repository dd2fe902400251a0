import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { ServerMessageOf, ServerMessageType } from '@podium/protocol';
import { api } from '../api/index.ts';
import { useSessionStore } from '../session/store.ts';
import { AccountChannelClient, accountSocketUrl, type AccountChannelState } from './client.ts';
import { apiPaths } from '@podium/protocol';

export { AccountChannelClient } from './client.ts';
export type { AccountChannelOptions, AccountChannelState } from './client.ts';

/** The app's one account channel (one socket per tab while signed in). */
export const accountChannel = new AccountChannelClient({
  url: typeof window === 'undefined' ? '' : accountSocketUrl(window.location),
  authenticate: async () =>
    (await api.post<{ credentials: string }>(apiPaths.signal.auth, {})).credentials,
});

/** The channel hooks listen to; tests provide their own client on a loopback socket. */
export const AccountChannelContext = createContext<AccountChannelClient>(accountChannel);

/**
 * Starts the channel while signed in and stops it on logout (the session store says which).
 * Called once by the app's bootstrap; returns the disconnect function.
 */
export function connectAccountChannel(client: AccountChannelClient = accountChannel): () => void {
  const apply = (signedIn: boolean) => {
    if (signedIn) client.start();
    else client.stop();
  };
  apply(useSessionStore.getState().signedIn);
  const off = useSessionStore.subscribe((state, previous) => {
    if (state.signedIn !== previous.signedIn) apply(state.signedIn);
  });
  return () => {
    off();
    client.stop();
  };
}

/**
 * Calls `handler` for every server message of `type` pushed to the signed-in account, for as
 * long as the component is mounted. The latest handler is used without resubscribing.
 */
export function useAccountMessage<T extends ServerMessageType>(
  type: T,
  handler: (message: ServerMessageOf<T>) => void,
): void {
  const client = useContext(AccountChannelContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.on(type, (message) => latest.current(message)), [client, type]);
}

/** The channel's connection state ('connected' again after a drop: refetch what may be missed). */
export function useAccountChannelState(): AccountChannelState {
  const client = useContext(AccountChannelContext);
  return useSyncExternalStore(
    (notify) => client.onState(notify),
    () => client.state,
    () => client.state,
  );
}
