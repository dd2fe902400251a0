import { apiPaths } from '@podium/protocol';
import { api } from '../api/index.ts';
import { useSessionStore } from '../session/store.ts';
import { AccountChannelClient, accountSocketUrl } from './client.ts';

/**
 * The app's one account channel (one socket per tab while signed in). This module and the socket
 * core load once someone is signed in (app/accountSocket.ts), not with every page (issue 11);
 * the hooks (index.ts) wait for it.
 */
export const accountChannel = new AccountChannelClient({
  url: typeof window === 'undefined' ? '' : accountSocketUrl(window.location),
  authenticate: async () =>
    (await api.post<{ credentials: string }>(apiPaths.signal.auth, {})).credentials,
});

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
