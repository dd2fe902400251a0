import crypto from 'node:crypto';
import type { Logger } from 'pino';
import {
  QR_CALL_AGENTS_MAX,
  QR_CALL_WAIT_MAX_MS,
  type AgentAddRequest,
  type AgentDto,
  type AgentRemoveRequest,
  type QrCallAgentView,
  type QrCallJoin,
  type QrCallMessageKey,
  type QrCallState,
  type QrCallVisitorView,
  type ServerMessage,
  type UrlResponse,
} from '@podium/protocol';
import type { Config } from '../../config.ts';
import { assertNever } from '../../shared/assert-never.ts';
import type { Db } from '../../store/db.ts';
import type { AliasRow, QrCallRow } from '../../store/schema.ts';
import type { AuthAccount } from '../auth-account.ts';
import { randomAliasName } from '../events/alias-name.ts';
import { TooManyFailures, eventNotFound, noPermission } from '../events/errors.ts';
import * as events from '../events/repository.ts';
import { signJoinTicket } from '../events/tickets.ts';
import type { Secrets } from '../secrets.ts';
import { SerialQueue } from '../../shared/serial-queue.ts';
import {
  agentExists,
  agentNotFound,
  callNotFound,
  callOver,
  fieldMessage,
  invalidFields,
  notAgent,
  qrExpired,
  qrInvalid,
} from './errors.ts';
import { CallFloodGuard } from './flood.ts';
import type { Cluster, SharedCounters } from '../../cluster/ports.ts';
import { initialState, step, type QrCall, type QrCallEvent, type Step } from './machine.ts';
import * as repo from './repository.ts';

/** The account channel as this service uses it (services/account-channel.ts). */
export interface RingChannel {
  publish(accountId: string, message: ServerMessage): unknown;
  isOnline(accountId: string): boolean;
}

/** The live rooms as this service uses them (realtime/room-registry.ts, account channel). */
export interface CallPresence {
  /** Accounts in a live room on this node. */
  accountsInCalls(): Set<string>;
  /** Whether the account is in a live room on another node (optional: one node). */
  inCallElsewhere?(accountId: string): boolean;
}

/** The notification center as this service uses it (services/notifications). */
export interface MissedCallNotifier {
  notify(
    accountId: string,
    input: { kind: 'missed_call'; data: { qr_alias: string; visitor_name: string; at: string } },
  ): Promise<unknown>;
}

export interface QrCallsServiceOptions {
  config: Config;
  db: Db;
  log: Logger;
  secrets: Secrets;
  channel: RingChannel;
  notifications: MissedCallNotifier | null;
  now?: () => number;
  /** Where call rates are counted: this process by default, every node with REDIS_URL. */
  counters?: SharedCounters;
  /**
   * The other nodes: a call that stops ringing on one node (an agent there accepted) wakes the
   * visitor's held wait and clears the ring timer on the node that started it.
   */
  cluster?: Cluster;
}

/** Bus channel: a call stopped ringing ({ node, call }). */
const CALL_ENDED = 'qr-call:ended';

/** Who calls: a signed-in visitor or a guest. */
export interface Visitor {
  account: AuthAccount | null;
  /** The client's address (per-address call limit). */
  address: string;
}

/** An answered call's private room lasts this long at most. */
const ROOM_LIFETIME_MS = 12 * 3600_000;
/** A call whose timer was lost (a restart) is settled this long after its deadline. */
const LOST_TIMER_GRACE_MS = 5_000;
const GUEST_NAME = 'Guest';

/**
 * Per-process state of a ringing call: its order of work, timer and waiters. (Its declines are
 * stored with the call: agents may decline on different nodes.)
 */
interface LiveCall {
  queue: SerialQueue;
  timer: NodeJS.Timeout | null;
  waiters: Set<() => void>;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');

/** SECURITY: compares digests in constant time. */
function tokenMatches(storedSha256: string, given: string): boolean {
  const a = Buffer.from(storedSha256, 'hex');
  const b = Buffer.from(sha256(given), 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** What an agent hears when the call left ringing before their accept. */
function overKey(state: QrCallState): QrCallMessageKey {
  switch (state) {
    case 'answered':
      return 'qr.answered_elsewhere';
    case 'cancelled':
      return 'qr.cancelled';
    case 'expired':
      return 'qr.expired';
    case 'busy':
    case 'timeout':
    case 'ringing':
      return 'qr.call_over';
    default:
      return assertNever(state, 'call state');
  }
}

/**
 * The QR call centre: agents of QR-code aliases, and calls from visitors ringing every online
 * agent through the account channel until one accepts (who then meets the visitor in a private
 * one-to-one room of the live room), the visitor cancels, everyone declines or time runs out.
 *
 * The state of a call lives in `qr_calls` and leaves `ringing` through one conditional UPDATE, so
 * exactly one accept wins even between processes; per process, a queue per call orders the work
 * and a timer ends the ringing.
 */
export class QrCallsService {
  readonly #config: Config;
  readonly #db: Db;
  readonly #log: Logger;
  readonly #secrets: Secrets;
  readonly #channel: RingChannel;
  readonly #notifications: MissedCallNotifier | null;
  readonly #now: () => number;
  readonly #live = new Map<string, LiveCall>();
  readonly #flood: CallFloodGuard;
  #presence: CallPresence | null = null;
  #closed = false;
  readonly #cluster: Cluster | null;

  constructor(options: QrCallsServiceOptions) {
    this.#config = options.config;
    this.#db = options.db;
    this.#log = options.log.child({ domain: 'qr-calls' });
    this.#secrets = options.secrets;
    this.#channel = options.channel;
    this.#notifications = options.notifications;
    this.#now = options.now ?? Date.now;
    this.#flood = new CallFloodGuard({
      now: this.#now,
      ...(options.counters ? { counters: options.counters } : {}),
    });
    this.#cluster = options.cluster?.shared ? options.cluster : null;
    const cluster = this.#cluster;
    if (cluster) {
      cluster.bus
        .subscribe(CALL_ENDED, (m) => {
          if (m.node !== cluster.nodeId && typeof m.call === 'string') this.#end(m.call);
        })
        .then((off) => cluster.closing.addEventListener('abort', off, { once: true }))
        .catch((error: unknown) => {
          this.#log.warn({ err: error }, 'qr calls: no bus; other nodes will not wake waits here');
        });
    }
  }

  /** The live rooms, known once the signaling gateway exists (built after the services). */
  usePresence(presence: CallPresence): void {
    this.#presence = presence;
  }

  callLink(name: string): string {
    return `${this.#config.publicUrl}/c/${encodeURIComponent(name)}`;
  }

  /** True when `ref` (id or name) is a QR-code alias: the participant endpoints act on agents. */
  async isQrCodeAlias(ref: string): Promise<boolean> {
    const row = await events.findAliasByRef(this.#db, ref);
    return row?.type === 'qrcode';
  }

  // ---------- Agents (owner) ----------

  async #owned(account: AuthAccount, ref: string): Promise<AliasRow> {
    const row = await events.findAliasByRef(this.#db, ref);
    if (!row || row.type !== 'qrcode') throw eventNotFound();
    // SECURITY: only the owner manages who answers the alias's calls.
    if (row.ownerId !== account.id) throw noPermission();
    return row;
  }

  #agentDto(a: repo.AgentRecord): AgentDto {
    const name =
      a.fullName?.trim() ||
      [a.firstName, a.lastName]
        .filter((p) => p?.trim())
        .join(' ')
        .trim() ||
      a.username ||
      (a.email?.split('@')[0] ?? '');
    return {
      id: a.accountId,
      name,
      email: a.email,
      username: a.username,
      online: this.#channel.isOnline(a.accountId),
      added_at: a.addedAt.toISOString(),
    };
  }

  async addAgent(account: AuthAccount, input: AgentAddRequest): Promise<AgentDto> {
    const row = await this.#owned(account, input.alias);
    const accountId = await repo.findAccountByLogin(this.#db, input.account);
    if (!accountId) throw invalidFields({ account: fieldMessage('qr.account_unknown') });
    if ((await repo.countAgents(this.#db, row.id)) >= QR_CALL_AGENTS_MAX) {
      throw invalidFields({ account: fieldMessage('qr.agents_too_many') });
    }
    if (!(await repo.addAgent(this.#db, row.id, accountId))) throw agentExists();
    const added = (await repo.agentsOf(this.#db, row.id)).find((a) => a.accountId === accountId);
    if (!added) throw agentNotFound();
    this.#log.info({ aliasId: row.id, agentId: accountId }, 'agent added');
    return this.#agentDto(added);
  }

  async listAgents(account: AuthAccount, ref: string): Promise<{ entries: AgentDto[] }> {
    const row = await this.#owned(account, ref);
    const agents = await repo.agentsOf(this.#db, row.id);
    return { entries: agents.map((a) => this.#agentDto(a)) };
  }

  async removeAgent(
    account: AuthAccount,
    input: AgentRemoveRequest,
  ): Promise<{ id: string; removed: true }> {
    const row = await this.#owned(account, input.alias);
    if (!(await repo.removeAgent(this.#db, row.id, input.id))) throw agentNotFound();
    return { id: input.id, removed: true };
  }

  /** The link visitors call by (/c/{alias}); the QR code encodes it. */
  async agentUrl(account: AuthAccount, ref: string): Promise<UrlResponse> {
    const row = await this.#owned(account, ref);
    return { url: this.callLink(row.name) };
  }

  // ---------- Visitor ----------

  #isExpired(row: AliasRow): boolean {
    return row.expiredAt !== null && row.expiredAt.getTime() <= this.#now();
  }

  async #callAlias(name: string): Promise<AliasRow> {
    const row = await events.findAliasByName(this.#db, name);
    if (!row || row.type !== 'qrcode') throw qrInvalid();
    return row;
  }

  async call(
    input: { alias: string; display_name?: string | null | undefined },
    visitor: Visitor,
  ): Promise<QrCallVisitorView> {
    const row = await this.#callAlias(input.alias);
    if (this.#isExpired(row)) throw qrExpired();
    const wait = await this.#flood.admit(visitor.address, row.id);
    if (wait > 0) throw new TooManyFailures(wait);
    let visitorName = input.display_name?.trim() || null;
    if (!visitorName && visitor.account) {
      visitorName = (await events.ownerNames(this.#db, visitor.account.id)).full || null;
    }
    if (!visitorName) {
      if (!visitor.account) throw invalidFields({ display_name: fieldMessage('qr.name_required') });
      visitorName = GUEST_NAME;
    }
    const agents = await repo.agentIds(this.#db, row.id);
    // An agent calling their own QR code does not ring themselves, and an agent already in a
    // call is not free to answer: only online agents outside any live room ring.
    const inCalls = this.#presence?.accountsInCalls() ?? new Set<string>();
    const busyElsewhere = (a: string) => this.#presence?.inCallElsewhere?.(a) ?? false;
    const online = agents.filter(
      (a) =>
        a !== visitor.account?.id &&
        this.#channel.isOnline(a) &&
        !inCalls.has(a) &&
        !busyElsewhere(a),
    );
    const start = initialState(online, agents);
    const token = crypto.randomBytes(24).toString('base64url');
    const now = this.#now();
    const deadline = new Date(now + this.#config.qrRingTimeoutMs);
    const call = await repo.insertCall(this.#db, {
      id: crypto.randomUUID(),
      aliasId: row.id,
      visitorName,
      visitorAccountId: visitor.account?.id ?? null,
      visitorTokenSha256: sha256(token),
      state: start.call.state,
      rung: [...start.call.rung],
      ringDeadline: deadline,
      createdAt: new Date(now),
      endedAt: start.call.state === 'ringing' ? null : new Date(now),
    });
    const log = this.#log.child({ callId: call.id, aliasId: row.id });
    if (start.call.state === 'ringing') {
      const live = this.#liveOf(call.id);
      live.timer = setTimeout(
        () => void this.#apply(call.id, { type: 'timeout' }).catch(() => undefined),
        Math.max(0, deadline.getTime() - this.#now()),
      );
      live.timer.unref?.();
      for (const agentId of start.call.rung) {
        this.#channel.publish(agentId, {
          type: 'qr_ring',
          call_id: call.id,
          alias: row.name,
          title: row.title,
          visitor_name: visitorName,
          ring_deadline: deadline.toISOString(),
        });
      }
      log.info({ rung: start.call.rung.length }, 'qr call ringing');
    } else {
      log.info({ agents: agents.length }, 'qr call busy: no agent online and free');
    }
    this.#notifyMissedLater(start.missed, row, call);
    return { ...(await this.#visitorView(call, row)), token };
  }

  /** The call when `token` is its visitor's; 404 otherwise (no hint whether it exists). */
  async #visitorCall(callId: string, token: string): Promise<QrCallRow> {
    const row = await repo.findCall(this.#db, callId);
    if (!row || !tokenMatches(row.visitorTokenSha256, token)) throw callNotFound();
    return row;
  }

  /**
   * Answers at once when the state differs from `known` (or none was given), else when it
   * changes or QR_CALL_WAIT_MAX_MS pass.
   */
  async wait(input: {
    call_id: string;
    token: string;
    state?: QrCallState | undefined;
  }): Promise<QrCallVisitorView> {
    let row = await this.#visitorCall(input.call_id, input.token);
    if (row.state === 'ringing' && input.state === 'ringing') {
      await this.#settleLost(row);
      await this.#changeOrTimeout(row.id, Math.min(QR_CALL_WAIT_MAX_MS, this.#waitBudget(row)));
      row = (await repo.findCall(this.#db, row.id)) ?? row;
    }
    const alias = await events.findAliasById(this.#db, row.aliasId);
    if (!alias) throw qrInvalid();
    return this.#visitorView(row, alias);
  }

  async cancel(input: { call_id: string; token: string }): Promise<QrCallVisitorView> {
    const row = await this.#visitorCall(input.call_id, input.token);
    await this.#apply(row.id, { type: 'cancel' });
    const after = (await repo.findCall(this.#db, row.id)) ?? row;
    const alias = await events.findAliasById(this.#db, row.aliasId);
    if (!alias) throw qrInvalid();
    return this.#visitorView(after, alias);
  }

  // ---------- Agent ----------

  async #agentCall(account: AuthAccount, callId: string): Promise<QrCallRow> {
    const row = await repo.findCall(this.#db, callId);
    if (!row) throw callNotFound();
    // SECURITY: only the alias's agents answer its calls (checked now: a removed agent cannot).
    if (!(await repo.isAgent(this.#db, row.aliasId, account.id))) throw notAgent();
    return row;
  }

  async accept(account: AuthAccount, callId: string): Promise<QrCallAgentView> {
    const row = await this.#agentCall(account, callId);
    const result = await this.#apply(row.id, { type: 'accept', agentId: account.id });
    if (!result.ok) throw callOver(overKey(result.state));
    // The alias expired meanwhile: the accept ended the call instead.
    if (result.call.state !== 'answered') throw callOver(overKey(result.call.state));
    const after = await repo.findCall(this.#db, row.id);
    if (!after?.roomAliasId || after.answeredBy !== account.id) throw callOver('qr.call_over');
    return {
      call_id: row.id,
      state: 'answered',
      join: await this.#join(after.roomAliasId, 'host', account.id, null),
    };
  }

  async decline(account: AuthAccount, callId: string): Promise<QrCallAgentView> {
    const row = await this.#agentCall(account, callId);
    const result = await this.#apply(row.id, { type: 'decline', agentId: account.id });
    if (!result.ok) throw callOver(overKey(result.state));
    return { call_id: row.id, state: result.call.state };
  }

  // ---------- The machine's edges ----------

  /** The call moved on in another process first: its state now; this node lets go of it. */
  async #movedElsewhere(callId: string): Promise<Step> {
    const now = await repo.findCall(this.#db, callId);
    this.#end(callId);
    return { ok: false, state: now?.state ?? 'cancelled' } satisfies Step;
  }

  #liveOf(callId: string): LiveCall {
    let live = this.#live.get(callId);
    if (!live) {
      live = { queue: new SerialQueue(), timer: null, waiters: new Set() };
      this.#live.set(callId, live);
    }
    return live;
  }

  /**
   * Applies one event to a call, one at a time per call in this process; the conditional UPDATE
   * in `repo.finishCall` settles races with other processes.
   */
  #apply(callId: string, event: QrCallEvent): Promise<Step> {
    const live = this.#liveOf(callId);
    return live.queue.run(async () => {
      const row = await repo.findCall(this.#db, callId);
      if (!row) throw callNotFound();
      const alias = await events.findAliasById(this.#db, row.aliasId);
      if (!alias) throw qrInvalid();
      let call: QrCall = {
        state: row.state,
        rung: row.rung,
        declined: row.declined,
        answeredBy: row.answeredBy,
      };
      // Past the alias's expiry nothing more can be answered: the call ends as expired.
      const effective: QrCallEvent =
        row.state === 'ringing' && event.type !== 'cancel' && this.#isExpired(alias)
          ? { type: 'expire' }
          : event;
      let result = step(call, effective);
      if (!result.ok) return result;
      if (effective.type === 'decline') {
        // Stored first, in one statement: another node's decline may have landed meanwhile,
        // and the step is taken again on the declines as they are now.
        const declined = await repo.addDecline(this.#db, row.id, effective.agentId);
        if (!declined) return this.#movedElsewhere(callId);
        call = { ...call, declined: declined.filter((a) => a !== effective.agentId) };
        result = step(call, effective);
        if (!result.ok) return result;
      }
      const next = result.call;
      if (next.state !== 'ringing') {
        const at = new Date(this.#now());
        const finished =
          next.state === 'answered' && next.answeredBy
            ? await this.#answer(row, alias, next.answeredBy, at)
            : await repo.finishCall(this.#db, row.id, { state: next.state, at });
        // Another process moved the call first: report its state, change nothing here.
        if (!finished) return this.#movedElsewhere(callId);
      }
      for (const stop of result.stops) {
        this.#channel.publish(stop.agentId, {
          type: 'qr_ring_stopped',
          call_id: row.id,
          reason: stop.reason,
        });
      }
      this.#notifyMissedLater(result.missed, alias, row);
      if (next.state !== 'ringing') {
        this.#log.info({ callId, state: next.state }, 'qr call ended ringing');
        this.#end(callId);
        this.#cluster?.bus.publish(CALL_ENDED, { node: this.#cluster.nodeId, call: callId });
      }
      return result;
    });
  }

  /** The answer: the private room and the call's move to answered, together or not at all. */
  async #answer(
    call: QrCallRow,
    alias: AliasRow,
    agentId: string,
    at: Date,
  ): Promise<QrCallRow | null> {
    const roomId = crypto.randomUUID();
    return this.#db
      .transaction(async (tx) => {
        await repo.insertCallRoom(tx, {
          id: roomId,
          ownerId: agentId,
          name: randomAliasName(),
          title: alias.title,
          // SECURITY: nobody is told this passcode; the tickets below are the only way in.
          passcode: crypto.randomBytes(24).toString('base64url').slice(0, 32),
          speakerKey: crypto.randomBytes(16).toString('base64url'),
          start: at,
          end: new Date(at.getTime() + 60 * 60_000),
          expiredAt: new Date(at.getTime() + ROOM_LIFETIME_MS),
        });
        const finished = await repo.finishCall(tx, call.id, {
          state: 'answered',
          answeredBy: agentId,
          roomAliasId: roomId,
          at,
        });
        // Lost the race: undo the room with the transaction.
        if (!finished) throw new LostRace();
        return finished;
      })
      .catch((error: unknown) => {
        if (error instanceof LostRace) return null;
        throw error;
      });
  }

  /** Drops the per-process state of a call that stopped ringing, and wakes its waiters. */
  #end(callId: string): void {
    const live = this.#live.get(callId);
    if (!live) return;
    if (live.timer) clearTimeout(live.timer);
    live.timer = null;
    for (const wake of live.waiters) wake();
    live.waiters.clear();
    // Later requests for this call read the database; the queue empties on its own.
    void live.queue.idle().then(() => {
      if (this.#live.get(callId) === live && live.queue.size === 0) this.#live.delete(callId);
    });
  }

  /** A ringing call past its deadline with no timer here (the server restarted): time it out. */
  async #settleLost(row: QrCallRow): Promise<void> {
    const live = this.#live.get(row.id);
    if (live?.timer) return;
    if (row.ringDeadline.getTime() + LOST_TIMER_GRACE_MS <= this.#now()) {
      await this.#apply(row.id, { type: 'timeout' }).catch(() => undefined);
    }
  }

  #waitBudget(row: QrCallRow): number {
    // Never hold a request much past the deadline: the timeout answers it.
    return Math.max(0, row.ringDeadline.getTime() + LOST_TIMER_GRACE_MS - this.#now());
  }

  #changeOrTimeout(callId: string, ms: number): Promise<void> {
    const live = this.#live.get(callId);
    if (!live || this.#closed || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        live.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      live.waiters.add(done);
    });
  }

  async #join(
    roomAliasId: string,
    role: 'host' | 'participant' | 'guest',
    accountId: string | null,
    displayName: string | null,
  ): Promise<QrCallJoin> {
    const room = await events.findAliasById(this.#db, roomAliasId);
    if (!room) throw callOver('qr.call_over');
    const { ticket, payload } = signJoinTicket(
      await this.#secrets.get('join_ticket_key'),
      { aliasId: room.id, role, displayName, accountId },
      this.#now(),
    );
    return {
      alias: room.name,
      ticket,
      expires_at: new Date(payload.expiresAt * 1000).toISOString(),
      role,
      display_name: displayName,
      title: room.title,
    };
  }

  async #visitorView(call: QrCallRow, alias: AliasRow): Promise<QrCallVisitorView> {
    const owner = await events.ownerNames(this.#db, alias.ownerId);
    const view: QrCallVisitorView = {
      call_id: call.id,
      state: call.state,
      alias: { name: alias.name, title: alias.title, owner_name: owner.public },
      ring_deadline: call.ringDeadline.toISOString(),
    };
    if (call.state === 'answered' && call.roomAliasId) {
      view.join = await this.#join(
        call.roomAliasId,
        call.visitorAccountId ? 'participant' : 'guest',
        call.visitorAccountId,
        call.visitorName,
      );
    }
    return view;
  }

  /** Missed-call notifications go out after the answer; their failure is only logged. */
  #notifyMissedLater(agentIds: readonly string[], alias: AliasRow, call: QrCallRow): void {
    this.#notifyMissed(agentIds, alias, call).catch((error: unknown) => {
      this.#log.warn({ err: error, callId: call.id }, 'missed-call notifications failed');
    });
  }

  async #notifyMissed(
    agentIds: readonly string[],
    alias: AliasRow,
    call: QrCallRow,
  ): Promise<void> {
    const notifications = this.#notifications;
    if (!notifications || agentIds.length === 0) return;
    // Repeats of one alias within minutes collapse into the notification already given.
    const notify = await this.#flood.notifyNow(agentIds, alias.id);
    if (notify.length < agentIds.length) {
      this.#log.info(
        { callId: call.id, collapsed: agentIds.length - notify.length },
        'missed calls collapsed',
      );
    }
    for (const agentId of notify) {
      notifications
        .notify(agentId, {
          kind: 'missed_call',
          data: {
            qr_alias: alias.name,
            visitor_name: call.visitorName,
            at: call.createdAt.toISOString(),
          },
        })
        .catch((error: unknown) => {
          // A notification lost is regrettable; the call itself has been handled.
          this.#log.warn(
            { err: error, agentId, callId: call.id },
            'missed-call notification failed',
          );
        });
    }
  }

  /** Stops timers and answers held waits (server shutdown); idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    const pending = [...this.#live.values()];
    for (const live of pending) {
      if (live.timer) clearTimeout(live.timer);
      live.timer = null;
      for (const wake of live.waiters) wake();
      live.waiters.clear();
    }
    await Promise.all(pending.map((l) => l.queue.idle()));
  }
}

class LostRace extends Error {}
