import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { ChatMessageView } from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import type { ChatMessageRow } from '../../store/schema.ts';
import * as repo from './repository.ts';

/**
 * One chat message as kept in the history: the view participants see, plus the identities of
 * sender and recipient, since participant ids change from one room run to the next while a
 * person's right to read their private messages does not.
 */
export interface StoredChat {
  readonly message: ChatMessageView;
  /** identityKey of the sender ('a:…' account, 'g:…' guest). */
  readonly fromIdentity: string;
  /** identityKey of the recipient of a private message; null for messages to everyone. */
  readonly toIdentity: string | null;
}

/** Messages to everyone, and private messages this identity sent or received. */
export function visibleTo(identity: string, chat: StoredChat): boolean {
  return chat.toIdentity === null || chat.fromIdentity === identity || chat.toIdentity === identity;
}

const PASSCODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 8 characters of a 32-symbol alphabet without look-alikes (40 bits), shown as XXXX-XXXX. */
export function newChatPasscode(): string {
  const bytes = crypto.randomBytes(8);
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    if (i === 4) out += '-';
    out += PASSCODE_ALPHABET[bytes[i]! & 31];
  }
  return out;
}

/** Spaces, dashes and case are forgiven when the passcode is typed back. */
function canonicalPasscode(passcode: string): string {
  return passcode.replace(/[\s-]/g, '').toUpperCase();
}

const digestOf = (passcode: string): string =>
  crypto.createHash('sha256').update(canonicalPasscode(passcode), 'utf8').digest('hex');

function toStored(row: ChatMessageRow): StoredChat {
  return {
    message: {
      id: row.messageId,
      from: row.fromParticipant,
      from_name: row.fromName,
      to: row.toParticipant ?? 'everyone',
      text: row.body,
      file: row.file ?? null,
      at: row.sentAt.getTime(),
    },
    fromIdentity: row.fromIdentity,
    toIdentity: row.toIdentity,
  };
}

export interface ChatServiceOptions {
  db: Db;
  log: Logger;
}

/** The chat history of events and its passcode (spec §3, §4; decisions.md "Chat and files"). */
export class ChatService {
  #db: Db;

  constructor(options: ChatServiceOptions) {
    this.#db = options.db;
  }

  /** The newest `limit` messages of an event, oldest first, whoever may see them. */
  async recent(aliasId: string, limit: number): Promise<StoredChat[]> {
    return (await repo.latestMessages(this.#db, aliasId, limit)).map(toStored);
  }

  /** The history as `identity` may read it (the newest `limit` messages), oldest first. */
  async historyFor(aliasId: string, identity: string, limit: number): Promise<ChatMessageView[]> {
    const rows = await repo.allMessages(this.#db, aliasId);
    return rows
      .map(toStored)
      .filter((c) => visibleTo(identity, c))
      .slice(-limit)
      .map((c) => c.message);
  }

  async append(aliasId: string, chat: StoredChat): Promise<void> {
    const m = chat.message;
    await repo.insertMessage(this.#db, {
      aliasId,
      messageId: m.id,
      fromParticipant: m.from,
      fromIdentity: chat.fromIdentity,
      fromName: m.from_name,
      toParticipant: m.to === 'everyone' ? null : m.to,
      toIdentity: m.to === 'everyone' ? null : chat.toIdentity,
      body: m.text,
      file: m.file,
      sentAt: new Date(m.at),
    });
  }

  /** A new passcode (returned once, stored as a digest); the earlier history is deleted. */
  async resetPasscode(aliasId: string): Promise<string> {
    const passcode = newChatPasscode();
    await repo.replacePasscode(this.#db, aliasId, digestOf(passcode));
    return passcode;
  }

  /** True when no passcode was ever set, or `given` is it. */
  async passcodeAccepts(aliasId: string, given: string | undefined): Promise<boolean> {
    const stored = await repo.passcodeDigest(this.#db, aliasId);
    if (stored === null) return true;
    if (given === undefined) return false;
    // SECURITY: constant-time comparison of equal-length digests.
    return crypto.timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(digestOf(given), 'hex'));
  }
}
