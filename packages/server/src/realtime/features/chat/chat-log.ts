import crypto from 'node:crypto';
import { SIGNALING_MAX_HISTORY, type ChatMessageView } from '@podium/protocol';
import {
  identityKey,
  type CommandResult,
  type Decision,
  type Participant,
  type RoomState,
} from '../../../rooms/index.ts';
import { visibleTo, type StoredChat } from '../../../services/chat/index.ts';
import type { ChatHistory } from './services.ts';

/** Chat messages kept in memory for joiners (the newest; the database has them all). */
const HISTORY_CACHE = 2000;

/**
 * The chat of one room run: the newest messages in memory (every `welcome` is followed by the
 * history this person may see), message ids unique across runs, and the service that stores
 * them.
 */
export class ChatLog {
  readonly service: ChatHistory;
  readonly roomId: string;
  /** Chat ids are `m<seq>` per room run; the run prefix keeps them unique in the history. */
  readonly #run = crypto.randomBytes(6).toString('base64url');
  #history: StoredChat[];

  private constructor(service: ChatHistory, roomId: string, history: StoredChat[]) {
    this.service = service;
    this.roomId = roomId;
    this.#history = history;
  }

  static async open(service: ChatHistory, roomId: string): Promise<ChatLog> {
    return new ChatLog(service, roomId, await service.recent(roomId, HISTORY_CACHE));
  }

  /** The machine numbers chat messages per state; prefix them with this run's id. */
  stamp(d: Decision): Decision {
    if (!d.effects.some((e) => e.kind === 'chat.persist')) return d;
    const stamp = (m: ChatMessageView): ChatMessageView => ({ ...m, id: `${this.#run}.${m.id}` });
    const result: CommandResult =
      d.result.ok && d.result.data
        ? { ok: true, data: { message_id: `${this.#run}.${d.result.data.message_id}` } }
        : d.result;
    return {
      state: d.state,
      result,
      events: d.events.map((e) =>
        e.message.type === 'chat_message'
          ? { ...e, message: { ...e.message, message: stamp(e.message.message) } }
          : e,
      ),
      effects: d.effects.map((e) =>
        e.kind === 'chat.persist' ? { ...e, message: stamp(e.message) } : e,
      ),
    };
  }

  /**
   * The message with its people's identities (participant ids change from one run to the next),
   * kept for joiners; null when a person is unknown (a bug).
   */
  keep(message: ChatMessageView, before: RoomState, after: RoomState): StoredChat | null {
    const who = (id: string): Participant | undefined =>
      after.participants.get(id) ?? before.participants.get(id);
    const from = who(message.from);
    const to = message.to === 'everyone' ? null : who(message.to);
    if (!from || to === undefined) return null;
    const chat: StoredChat = {
      message,
      fromIdentity: identityKey(from.identity),
      toIdentity: to ? identityKey(to.identity) : null,
    };
    this.#history.push(chat);
    if (this.#history.length > HISTORY_CACHE) this.#history = this.#history.slice(-HISTORY_CACHE);
    return chat;
  }

  /** The newest messages this identity may see, oldest first. */
  historyFor(identity: string): ChatMessageView[] {
    const messages: ChatMessageView[] = [];
    for (let i = this.#history.length - 1; i >= 0; i--) {
      const chat = this.#history[i]!;
      if (visibleTo(identity, chat)) messages.push(chat.message);
      if (messages.length >= SIGNALING_MAX_HISTORY) break;
    }
    return messages.reverse();
  }

  clear(): void {
    this.#history = [];
  }
}
