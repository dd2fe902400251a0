import crypto from 'node:crypto';
import type { Logger } from 'pino';
import {
  AUDIENCE_CHAT_HISTORY,
  LIVE_CHAT_BURST,
  LIVE_CHAT_WINDOW_MS,
  audienceChatMessage,
  type AudienceChatMessage,
} from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import type { AudienceChatRow } from '../../store/schema.ts';
import type { AttemptCounter, BusMessage, Cluster, SharedCounters } from '../../cluster/ports.ts';
import { LocalCounters } from '../../cluster/local.ts';
import * as repo from './chat-repository.ts';

/** Who writes a line: their identity key (rate limit, stored), name, and side. */
export interface AudienceChatSender {
  /** identityKey: 'a:<account id>' (or 'g:<guest id>' for a guest on the stage). */
  identity: string;
  name: string;
  from: AudienceChatMessage['from'];
}

export type AudienceChatListener = (message: AudienceChatMessage) => void;

/** The sender wrote more than LIVE_CHAT_BURST lines within LIVE_CHAT_WINDOW_MS. */
export class AudienceChatTooFast extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('audience chat: too fast');
  }
}

/** The channel as the call's audience feature uses it (realtime/features/audience). */
export interface AudienceChatChannel {
  recent(aliasId: string): Promise<AudienceChatMessage[]>;
  post(aliasId: string, sender: AudienceChatSender, text: string): Promise<AudienceChatMessage>;
  subscribe(aliasId: string, listener: AudienceChatListener): () => void;
}

const toMessage = (row: AudienceChatRow): AudienceChatMessage => ({
  id: row.messageId,
  name: row.fromName,
  text: row.body,
  at: row.sentAt.getTime(),
  from: row.fromRole,
});

/** The bus channel carrying each node's new lines to the others' listeners. */
const LINES = 'live:audience-chat';

/**
 * One audience chat channel per event (issue 12 item 4): lines are stored, then handed to
 * everyone listening to the event — the watch pages' event streams and the live room, which
 * shows them in the call's "Audience" panel. With several nodes (a shared cluster) each line
 * also goes over the bus to the listeners on the other nodes (at most once: a viewer who missed
 * one sees it in the history the next time the page loads).
 */
export class AudienceChat implements AudienceChatChannel {
  readonly #db: Db;
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #limiter: AttemptCounter;
  readonly #listeners = new Map<string, Set<AudienceChatListener>>();
  readonly #cluster: Cluster | null;

  constructor(deps: {
    db: Db;
    log: Logger;
    now?: () => number;
    counters?: SharedCounters;
    cluster?: Cluster;
  }) {
    this.#db = deps.db;
    this.#log = deps.log;
    this.#now = deps.now ?? Date.now;
    this.#cluster = deps.cluster?.shared ? deps.cluster : null;
    if (this.#cluster) this.#hearOthers(this.#cluster);
    this.#limiter = (deps.counters ?? new LocalCounters()).attempts('audience-chat', {
      max: LIVE_CHAT_BURST,
      windowMs: LIVE_CHAT_WINDOW_MS,
      now: this.#now,
    });
  }

  /** The newest lines of the event, oldest first (what a late viewer sees first). */
  async recent(aliasId: string): Promise<AudienceChatMessage[]> {
    return (await repo.latestAudienceChat(this.#db, aliasId, AUDIENCE_CHAT_HISTORY)).map(toMessage);
  }

  /**
   * Stores a line and hands it to every listener of the event. The text was validated at the
   * boundary (protocol `audienceChatText`); it is trimmed here.
   * SECURITY: counted per sender and event before the write, so a burst of parallel posts
   * cannot slip in under the limit.
   */
  async post(
    aliasId: string,
    sender: AudienceChatSender,
    text: string,
  ): Promise<AudienceChatMessage> {
    const wait = await this.#limiter.consume(`${aliasId}\0${sender.identity}`);
    if (wait > 0) throw new AudienceChatTooFast(wait);
    const message: AudienceChatMessage = {
      id: crypto.randomBytes(9).toString('base64url'),
      name: sender.name.slice(0, 100),
      text: text.trim(),
      at: this.#now(),
      from: sender.from,
    };
    await repo.insertAudienceChat(this.#db, {
      aliasId,
      messageId: message.id,
      fromIdentity: sender.identity,
      fromName: message.name,
      fromRole: message.from,
      body: message.text,
      sentAt: new Date(message.at),
    });
    this.#deliver(aliasId, message);
    this.#cluster?.bus.publish(LINES, { node: this.#cluster.nodeId, alias: aliasId, message });
    return message;
  }

  #deliver(aliasId: string, message: AudienceChatMessage): void {
    for (const listener of this.#listeners.get(aliasId) ?? []) {
      try {
        listener(message);
      } catch (error) {
        this.#log.warn({ err: error, aliasId }, 'audience chat listener failed');
      }
    }
  }

  /** Lines posted on the other nodes reach this node's listeners (ours were delivered already). */
  #hearOthers(cluster: Cluster): void {
    const heard = (m: BusMessage) => {
      if (m.node === cluster.nodeId || typeof m.alias !== 'string') return;
      if (!this.#listeners.has(m.alias)) return;
      const parsed = audienceChatMessage.safeParse(m.message);
      if (parsed.success) this.#deliver(m.alias, parsed.data);
    };
    cluster.bus.subscribe(LINES, heard).then(
      (off) => cluster.closing.addEventListener('abort', off, { once: true }),
      (error: unknown) => this.#log.warn({ err: error }, 'audience chat: no bus subscription'),
    );
  }

  /** Calls `listener` with every new line of the event until the returned function is called. */
  subscribe(aliasId: string, listener: AudienceChatListener): () => void {
    let set = this.#listeners.get(aliasId);
    if (!set) this.#listeners.set(aliasId, (set = new Set()));
    set.add(listener);
    return () => {
      const current = this.#listeners.get(aliasId);
      current?.delete(listener);
      if (current?.size === 0) this.#listeners.delete(aliasId);
    };
  }

  /** Listeners of the event now (watch pages and rooms): for tests and logs. */
  listeners(aliasId: string): number {
    return this.#listeners.get(aliasId)?.size ?? 0;
  }
}
