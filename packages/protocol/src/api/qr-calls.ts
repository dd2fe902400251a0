import { z } from 'zod';
import type { JoinRole } from './events.ts';
import {
  QR_CALL_STATES,
  type QrCallState,
  QR_CALL_VISITOR_NAME_MAX,
  qrCallMessages,
  type QrCallMessageKey,
} from './qr-calls-messages.ts';
export * from './qr-calls-messages.ts';

/**
 * The QR call centre (spec §1, §2 /c/{alias}, §7, §8): a QR-code alias (type `qrcode`) owned by
 * an account, with agents (other accounts) who answer visitors' calls.
 *
 * - Agents: the spec's participant endpoints under `/api/account/qrcode/participant/`
 *   (`add`, `list`, `remove`, `url`), which act on agents when the alias is a QR-code alias.
 * - Calls: `POST /1-1/send` carries every one-to-one signal of a call, discriminated by `type`:
 *   the visitor's `call`, `wait` and `cancel`, the agent's `accept` and `decline`.
 * - Ringing reaches agents over the account channel: `qr_ring` and `qr_ring_stopped`
 *   (signaling.ts).
 */

const en = (key: QrCallMessageKey): string => qrCallMessages[key].en;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001F\u007F]/;

const aliasRef = z.string().trim().min(1, en('qr.invalid')).max(200, en('qr.invalid'));
const callId = z.string().trim().min(1, en('qr.call_not_found')).max(64, en('qr.call_not_found'));
/** The visitor's secret for one call (answer of `call`): only its holder may wait or cancel. */
const visitorToken = z.string().min(1).max(512);

// ---------- Agents (participant endpoints on a QR-code alias) ----------

/** participant/add on a QR-code alias: an existing account, by email or username. */
export const agentAddRequest = z.object({
  alias: aliasRef,
  account: z
    .string({ error: en('qr.account_required') })
    .trim()
    .min(1, en('qr.account_required'))
    .max(254, en('qr.account_unknown'))
    .refine((s) => !CONTROL_CHARS.test(s), en('qr.invalid_characters')),
});
export type AgentAddRequest = z.output<typeof agentAddRequest>;

/** participant/remove on a QR-code alias: `id` is the agent's account id. */
export const agentRemoveRequest = z.object({
  alias: aliasRef,
  id: z.string().trim().min(1, en('qr.agent_not_found')).max(64, en('qr.agent_not_found')),
});
export type AgentRemoveRequest = z.output<typeof agentRemoveRequest>;

export interface AgentDto {
  /** The agent's account id. */
  id: string;
  name: string;
  email: string | null;
  username: string | null;
  /** Connected to the account channel right now (would ring). */
  online: boolean;
  added_at: string;
}

// ---------- POST /1-1/send ----------

const visitorName = z
  .string()
  .trim()
  .max(QR_CALL_VISITOR_NAME_MAX, en('qr.name_too_long'))
  .refine((s) => !CONTROL_CHARS.test(s), en('qr.invalid_characters'));

export const qrCallSendRequest = z.discriminatedUnion('type', [
  /** The visitor calls the alias; a signed-in visitor's name comes from the account. */
  z.object({ type: z.literal('call'), alias: aliasRef, display_name: visitorName.nullish() }),
  /** The visitor waits for the call's state to move past `state` (long poll). */
  z.object({
    type: z.literal('wait'),
    call_id: callId,
    token: visitorToken,
    state: z.enum(QR_CALL_STATES).optional(),
  }),
  z.object({ type: z.literal('cancel'), call_id: callId, token: visitorToken }),
  /** An agent (signed in) answers; the first accept wins. */
  z.object({ type: z.literal('accept'), call_id: callId }),
  z.object({ type: z.literal('decline'), call_id: callId }),
]);
export type QrCallSendRequest = z.output<typeof qrCallSendRequest>;
export type QrCallSendType = QrCallSendRequest['type'];

/** Where to go once answered: an admission to the private one-to-one room (/j/{alias}/room). */
export interface QrCallJoin {
  /** The private room's alias. */
  alias: string;
  ticket: string;
  expires_at: string;
  role: JoinRole;
  display_name: string | null;
  title: string;
}

/** The visitor's view of a call (answers of `call`, `wait`, `cancel`). */
export interface QrCallVisitorView {
  call_id: string;
  /** Present in the answer of `call` only: keep it to wait and cancel. */
  token?: string;
  state: QrCallState;
  alias: { name: string; title: string; owner_name: string };
  /** When ringing stops unanswered (ISO). */
  ring_deadline: string;
  /** Once answered. */
  join?: QrCallJoin;
}

/** The agent's answer to `accept` (with the room admission) and `decline`. */
export interface QrCallAgentView {
  call_id: string;
  state: QrCallState;
  join?: QrCallJoin;
}

/** What the visitor is told for a state that ended the call without an answer. */
export function qrCallEndMessage(state: QrCallState): QrCallMessageKey | null {
  switch (state) {
    case 'ringing':
    case 'answered':
      return null;
    case 'cancelled':
      return 'qr.cancelled';
    case 'busy':
    case 'timeout':
      return 'qr.busy';
    case 'expired':
      return 'qr.expired';
    default: {
      const never: never = state;
      throw new Error(`unknown state ${String(never)}`);
    }
  }
}
