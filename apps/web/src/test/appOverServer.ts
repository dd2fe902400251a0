import { cleanup } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { Language } from '@podium/protocol';
import type { QueryClient } from '@tanstack/react-query';
import {
  mailedCode,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '@podium/server/test-support';
import { cookieTokenStore } from '../shared/api/tokens.ts';
import { useSessionStore } from '../shared/session/store.ts';
import { renderApp } from './renderApp.tsx';

/** A server start takes seconds on a loaded machine (module loading, migrations). */
export const SERVER_START_MS = 90_000;

export interface SentRequest {
  method: string;
  /** Path and query, as the app asked for it. */
  url: string;
  headers: Headers;
  body: unknown;
}

let personSeq = 0;

export interface Person extends SignedIn {
  renewal: string;
  password: string;
  name: string;
}

function signIn(person: Person): void {
  cookieTokenStore.save({ authorization: person.token, renewal_token: person.renewal });
  useSessionStore.getState().setSignedIn(true);
}

/**
 * The whole app against the real Podium server, started in this process (PGlite in memory, mail
 * kept in memory, no media). `start` in beforeAll, `tearDown` in afterEach, `stop` in afterAll.
 * While a test runs, the app's same-origin fetches go to the server and are recorded.
 *
 * Answers the real server cannot be made to give (a 500, a failing resend) stay with
 * `appOverHttp` in test/app.ts.
 */
export function appOverServer() {
  const realFetch = globalThis.fetch;
  let server: TestServer | null = null;
  let rendered: ReturnType<typeof renderApp> | null = null;
  const requests: SentRequest[] = [];

  const running = (): TestServer => {
    if (!server) throw new Error('start() first (in beforeAll)');
    return server;
  };

  return {
    async start() {
      server = await startTestServer();
    },
    get server() {
      return running();
    },
    /** Requests the app made in this test, oldest first. */
    requests,
    /** The code the server mailed to `email` last. */
    mailedCode: (email: string) => mailedCode(running(), email),
    /**
     * A new account through the API, its address verified; `signIn` also puts its tokens where
     * the app keeps them. The password is strong enough for the server's rules.
     */
    async account(options: { name?: string; signIn?: boolean } = {}): Promise<Person> {
      const s = running();
      personSeq += 1;
      const tag = `web${personSeq}${Math.random().toString(36).slice(2, 8)}`;
      const email = `${tag}@example.test`;
      const password = `Podium-${tag}-passphrase`;
      const name = options.name ?? 'Ann Lee';
      const signup = await s.api('/api/v1/user/signup', {
        body: { email, username: `u_${tag}`, password, full_name: name },
      });
      if (signup.status !== 201) throw new Error(`signup: ${JSON.stringify(signup.body)}`);
      const token = signup.body.authorization as string;
      const confirm = await s.api('/api/v1/user/confirm-email', {
        body: { code: mailedCode(s, email) },
        token,
      });
      if (confirm.status !== 200) throw new Error(`confirm: ${JSON.stringify(confirm.body)}`);
      const person: Person = {
        id: signup.body.account.id as string,
        token,
        renewal: signup.body.renewal_token as string,
        email,
        password,
        name,
      };
      if (options.signIn) signIn(person);
      return person;
    },
    /** Puts the person's tokens where the app keeps them, as a sign-in on this device would. */
    signIn,
    /** Saves account settings through the API (e.g. the language chosen on another device). */
    async saveSettings(person: Person, settings: Record<string, unknown>) {
      const res = await running().api('/api/account/setting/update', {
        body: settings,
        token: person.token,
      });
      if (res.status !== 200) throw new Error(`settings: ${JSON.stringify(res.body)}`);
    },
    render(path: string, options: { language?: Language; queryClient?: QueryClient } = {}) {
      const target = running().url;
      globalThis.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : String(input);
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
        requests.push({
          method: init?.method ?? 'GET',
          url,
          headers: new Headers(init?.headers),
          body,
        });
        return realFetch(new URL(url, target), init);
      };
      rendered = renderApp(path, options);
      return rendered;
    },
    /**
     * After each test: unmounts, restores fetch, forgets the tokens and the requests. Toasts
     * live in a module-wide store: a 'Saved' left from this test must not answer the next one.
     */
    tearDown() {
      rendered?.unmount();
      rendered = null;
      cleanup();
      notifications.clean();
      notifications.cleanQueue();
      globalThis.fetch = realFetch;
      cookieTokenStore.clear();
      requests.length = 0;
    },
    async stop() {
      await server?.close();
      server = null;
    },
  };
}
