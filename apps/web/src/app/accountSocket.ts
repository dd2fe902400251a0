import { appAccountChannel } from '../shared/account-channel/index.ts';
import { lazyModule } from '../shared/lazyModule.ts';
import { useSessionStore } from '../shared/session/store.ts';

/** Starts the channel; returns its disconnect. */
type Connect = () => () => void;

const loadConnect = (): Promise<Connect> =>
  // The hooks (account-channel/index.ts) hear of the channel through this one load.
  appAccountChannel.load().then((m) => () => m.connectAccountChannel());

/**
 * Starts the account socket (notifications, ringing QR calls: one per tab while signed in) once
 * someone is signed in. Its code, the account channel and the socket core, loads then and not
 * with every page: a guest on the join page never opens it (issue 11, about 4 KB gzip). Once
 * loaded, `connectAccountChannel` follows sign-outs and sign-ins itself. A failed load (offline)
 * is tried again at the next sign-in or when the browser is back online. Returns the
 * disconnect.
 */
export function connectAccountSocketWhenSignedIn(load: () => Promise<Connect> = loadConnect) {
  const module = lazyModule(load);
  let stopped = false;
  let disconnect: (() => void) | null = null;
  const connect = () => {
    void module.load().then(
      (start) => {
        if (stopped) return;
        off();
        window.removeEventListener('online', retry);
        disconnect = start();
      },
      () => undefined,
    );
  };
  const retry = () => {
    if (useSessionStore.getState().signedIn) connect();
  };
  const off = useSessionStore.subscribe((state, previous) => {
    if (state.signedIn && !previous.signedIn) connect();
  });
  window.addEventListener('online', retry);
  retry();
  return () => {
    stopped = true;
    off();
    window.removeEventListener('online', retry);
    disconnect?.();
  };
}
