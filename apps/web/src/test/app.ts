import { cleanup } from '@testing-library/react';
import type { Language } from '@podium/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { queryClient } from '../shared/api/queryClient.ts';
import { cookieTokenStore } from '../shared/api/tokens.ts';
import { useSessionStore } from '../shared/session/store.ts';
import { startStubServer, type Handler } from './stubServer.ts';
import { renderApp } from './renderApp.tsx';

export { testAccount } from './account.ts';

/**
 * Whole-app renders load each page's lazy chunk on first use, transformed on demand: a few
 * seconds on a loaded machine, past vitest's 5 s default.
 */
export const FLOW = { timeout: 20_000 };

/** A fresh start for the app's singletons: no cached queries, no storage, signed in or out. */
export function resetAppState({ signedIn }: { signedIn: boolean }) {
  queryClient.clear();
  localStorage.clear();
  if (signedIn) cookieTokenStore.save({ authorization: 'tok', renewal_token: 'ren' });
  else cookieTokenStore.clear();
  useSessionStore.getState().setSignedIn(signedIn);
}

/**
 * The whole app over real HTTP: `serve` starts a loopback API server (the `defaults` routes
 * plus the test's own) and sends the app's same-origin fetches to it; `tearDown` (in afterEach)
 * unmounts what `render` rendered, restores fetch, forgets the tokens and closes the server.
 */
export function appOverHttp(defaults: Record<string, Handler> = {}) {
  const realFetch = globalThis.fetch;
  let server: Awaited<ReturnType<typeof startStubServer>> | null = null;
  let rendered: ReturnType<typeof renderApp> | null = null;
  return {
    async serve(routes: Record<string, Handler>) {
      const started = await startStubServer({ ...defaults, ...routes });
      server = started;
      globalThis.fetch = (input, init) =>
        realFetch(new URL(typeof input === 'string' ? input : String(input), started.url), init);
      return started;
    },
    /** The running server, for the requests it recorded. */
    get server() {
      if (!server) throw new Error('serve() first');
      return server;
    },
    render(path: string, options: { language?: Language; queryClient?: QueryClient } = {}) {
      rendered = renderApp(path, options);
      return rendered;
    },
    async tearDown() {
      rendered?.unmount();
      rendered = null;
      cleanup();
      globalThis.fetch = realFetch;
      cookieTokenStore.clear();
      await server?.close();
      server = null;
    },
  };
}
