import type { Podium } from '../app.ts';
import type { ApiCall, TestServer } from './server.ts';

/** What the helpers below need of a test server. */
export interface ApiLike {
  url: string;
  api: ApiCall;
}

let personSeq = 0;

export interface SignedIn {
  id: string;
  token: string;
  email: string;
}

/**
 * Signs a new person up and in through the API. With a server in this process (`podium`) the
 * address is then marked confirmed, as its mailed code would, since invitations and uploads need
 * a confirmed account; `{ confirmed: false }` keeps it 'verifying'.
 */
export async function signUpAndLogin(
  server: Pick<ApiLike, 'api'> & { podium?: Podium },
  tag: string,
  fullName = `Host ${tag}`,
  options: { confirmed?: boolean } = {},
): Promise<SignedIn> {
  personSeq += 1;
  const id = `${tag}${personSeq}${Math.random().toString(36).slice(2, 7)}`;
  const email = `${id}@example.test`;
  const password = `pw-${id}-secret`;
  const signup = await server.api('/api/v1/user/signup', {
    body: { email, username: `u_${id}`.slice(0, 32), password, full_name: fullName },
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const accountId = signup.body.account.id as string;
  if (options.confirmed !== false && server.podium) {
    await server.podium.services.accounts.store.update(accountId, {
      emailVerified: true,
      accountStatus: 'active',
    });
  }
  const login = await server.api('/api/v1/user/session/new', {
    body: { username: email, password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { id: accountId, token: login.body.authorization as string, email };
}

/** A start time `hours` from now, whole minutes, as ISO. */
export function hoursFromNow(hours: number): string {
  const t = new Date(Date.now() + hours * 3600_000);
  t.setUTCSeconds(0, 0);
  return t.toISOString();
}

let eventSeq = 0;

/** Creates an event owned by `ownerToken`; returns its id and name (the alias). */
export async function createEvent(
  server: Pick<ApiLike, 'api'>,
  ownerToken: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; name: string }> {
  eventSeq += 1;
  const res = await server.api('/api/account/qrcode/create', {
    body: {
      title: `Live room ${eventSeq}`,
      start_time: hoursFromNow(1),
      join_before_host: true,
      ...extra,
    },
    token: ownerToken,
  });
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return { id: res.body.id as string, name: res.body.name as string };
}

/** A join ticket from verify-call (a guest when no token is given). */
export async function joinTicket(
  server: Pick<ApiLike, 'api'>,
  alias: string,
  options: { name?: string; token?: string; passcode?: string } = {},
): Promise<string> {
  const res = await server.api('/api/quickom/qrcode/verify-call', {
    body: {
      alias,
      ...(options.name ? { display_name: options.name } : {}),
      ...(options.passcode ? { passcode: options.passcode } : {}),
    },
    ...(options.token ? { token: options.token } : {}),
  });
  if (res.status !== 200) throw new Error(`verify-call failed: ${JSON.stringify(res.body)}`);
  return res.body.ticket as string;
}

/** Socket credentials from POST /member/v1/auth. */
export async function socketCredentials(
  server: Pick<ApiLike, 'api'>,
  body: { ticket: string } | { alias: string },
  token?: string,
): Promise<string> {
  const res = await server.api('/member/v1/auth', { body, ...(token ? { token } : {}) });
  if (res.status !== 200) throw new Error(`auth failed: ${JSON.stringify(res.body)}`);
  return res.body.credentials as string;
}

/**
 * The 6-digit code in the newest message the server sent to `to` (verification, password
 * reset). The test server keeps its mail in memory (no SMTP).
 */
export function mailedCode(server: { podium: TestServer['podium'] }, to: string): string {
  const sent = server.podium.services.mailer.outbox().filter((m) => m.to === to);
  const code = /\b(\d{6})\b/.exec(sent.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
