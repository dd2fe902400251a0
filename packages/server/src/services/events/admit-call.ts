import type {
  AdmissionRefusal,
  HelloAdmission,
  HelloJoinLink,
  SignalAuthResponse,
  VerifyCallRequest,
  VerifyCallWithSocket,
} from '@podium/protocol';
import { AppError } from '../../shared/errors.ts';
import type { AuthAccount } from '../auth-account.ts';
import { TooManyFailures } from './errors.ts';
import type { Admission, Caller } from './service.ts';

/**
 * The one admission of a join link, asked two ways (issue 11 item 3): `POST verify-call` and a
 * socket's `hello {join_link}` (realtime/connection.ts). Both check the event, the passcode and
 * its throttles, the host and speaker links and the signed-in owner in EventsService.admit, and
 * sign the room's credentials for that very ticket in SignalAuthService.issueForAdmission.
 */
export interface CallAdmitter {
  events: { admit(input: VerifyCallRequest, caller: Caller): Promise<Admission> };
  signal: {
    issueForAdmission(
      admission: Admission,
      origin: { address: string },
      guestKey: string | undefined,
    ): Promise<SignalAuthResponse>;
  };
  tokens: { authenticate(token: string): Promise<AuthAccount | null> };
}

/**
 * Admits `input`; with `socket`, the answer carries the room's socket credentials too. Should
 * signing those fail, `credentialsFailed` hears of it and the admission stands without them
 * (verify-call: the room asks for them itself); without it the failure is the caller's.
 */
export async function admitCall(
  admitter: CallAdmitter,
  input: VerifyCallRequest,
  caller: Caller,
  credentialsFailed?: (error: unknown) => void,
): Promise<VerifyCallWithSocket> {
  const admission = await admitter.events.admit(input, caller);
  if (!input.socket) return admission.response;
  const issuing = admitter.signal.issueForAdmission(
    admission,
    { address: caller.ip },
    input.guest_key,
  );
  if (!credentialsFailed) return { ...admission.response, socket: await issuing };
  const socket = await issuing.catch((error: unknown) => {
    credentialsFailed(error);
    return null;
  });
  return socket ? { ...admission.response, socket } : admission.response;
}

/**
 * A socket's `hello {join_link}`: verify-call's admission with the socket's credentials; the
 * access token stands in for verify-call's header.
 */
export async function admitJoinLink(
  admitter: CallAdmitter,
  link: HelloJoinLink,
  address: string,
): Promise<{ admission: HelloAdmission; credentials: string }> {
  const { access_token: token, ...input } = link;
  // As verify-call's optional auth: an unknown or expired token is a guest.
  const account = token ? await admitter.tokens.authenticate(token) : null;
  const answer = await admitCall(admitter, { ...input, socket: true }, { account, ip: address });
  const { socket } = answer;
  if (!socket) throw new Error('admitted without socket credentials');
  return {
    admission: {
      ticket: answer.ticket,
      expires_at: answer.expires_at,
      role: answer.role,
      display_name: answer.display_name,
      title: answer.alias.title,
      credentials: socket.credentials,
      room_id: socket.room.id,
    },
    credentials: socket.credentials,
  };
}

/**
 * What verify-call would have answered for `error` (its status, code, key, field messages and
 * Retry-After), for a refused `hello {join_link}`; null for a fault that is no refusal.
 */
export function admissionRefusal(error: unknown): AdmissionRefusal | null {
  if (!(error instanceof AppError) || error.status >= 500) return null;
  return {
    status: error.status,
    code: error.code,
    ...(error.key ? { key: error.key } : {}),
    ...(error.fields ? { fields: error.fields } : {}),
    ...(error instanceof TooManyFailures ? { retry_after_seconds: error.retryAfterSeconds } : {}),
  };
}
