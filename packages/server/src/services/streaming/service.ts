import crypto from 'node:crypto';
import type { Logger } from 'pino';
import {
  STREAM_SERVERS_MAX,
  streamKeyHint,
  type StreamMessageKey,
  type StreamServerCreateRequest,
  type StreamServerDto,
  type StreamServerUpdateRequest,
} from '@podium/protocol';
import type { StreamingConfig } from '../../config.ts';
import type { Db } from '../../store/db.ts';
import type { StreamServerRow } from '../../store/schema.ts';
import { invalidField, serverNotFound, tooManyServers } from './errors.ts';
import { streamHostProblem, type Resolve } from './host-check.ts';
import { StreamKeyCipher } from './key-cipher.ts';
import * as repo from './repository.ts';

/** A destination the egress can push to. SECURITY: `key` is a credential: never logged. */
export interface StreamTarget {
  name: string;
  /** The server URL without the key. */
  url: string;
  key: string;
}

export interface StreamingServiceOptions {
  config: StreamingConfig;
  db: Db;
  log: Logger;
  /** Name resolution for the private-host check (tests give their own). */
  resolve?: Resolve;
}

/**
 * Saved live-stream destinations of an account ("linked stream servers") and the checks every
 * destination passes (saved or ad-hoc). SECURITY: keys are sealed before they are stored and
 * leave this service only through `target()` (to the room's egress), never in an answer.
 */
export class StreamingService {
  readonly config: StreamingConfig;
  readonly #db: Db;
  readonly #resolve: Resolve | undefined;
  #cipher: Promise<StreamKeyCipher> | undefined;

  constructor(options: StreamingServiceOptions) {
    this.config = options.config;
    this.#db = options.db;
    this.#resolve = options.resolve;
  }

  #keys(): Promise<StreamKeyCipher> {
    this.#cipher ??= StreamKeyCipher.load(this.config);
    this.#cipher.catch(() => (this.#cipher = undefined));
    return this.#cipher;
  }

  /** Null when a stream may be pushed to this URL's host, else the refusal's message key. */
  hostProblem(url: string): Promise<StreamMessageKey | null> {
    return streamHostProblem(url, {
      allowPrivate: this.config.allowPrivateHosts,
      ...(this.#resolve ? { resolve: this.#resolve } : {}),
    });
  }

  async #checkHost(url: string): Promise<void> {
    const problem = await this.hostProblem(url);
    if (problem) throw invalidField('url', problem);
  }

  async list(accountId: string): Promise<StreamServerDto[]> {
    return (await repo.listServers(this.#db, accountId)).map(view);
  }

  async create(accountId: string, input: StreamServerCreateRequest): Promise<StreamServerDto> {
    await this.#checkHost(input.url);
    if ((await repo.countServers(this.#db, accountId)) >= STREAM_SERVERS_MAX) {
      throw tooManyServers();
    }
    const id = crypto.randomUUID();
    const cipher = await this.#keys();
    const row = await repo.insertServer(this.#db, {
      id,
      accountId,
      name: input.name,
      url: input.url,
      keySealed: cipher.seal(input.key, aad(accountId, id)),
      keyHint: streamKeyHint(input.key),
    });
    return view(row);
  }

  async update(accountId: string, input: StreamServerUpdateRequest): Promise<StreamServerDto> {
    if (input.url !== undefined) await this.#checkHost(input.url);
    const changes: Parameters<typeof repo.updateServer>[3] = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.url !== undefined) changes.url = input.url;
    if (input.key !== undefined) {
      changes.keySealed = (await this.#keys()).seal(input.key, aad(accountId, input.id));
      changes.keyHint = streamKeyHint(input.key);
    }
    const row = await repo.updateServer(this.#db, accountId, input.id, changes);
    if (!row) throw serverNotFound();
    return view(row);
  }

  async remove(accountId: string, id: string): Promise<void> {
    if (!(await repo.deleteServer(this.#db, accountId, id))) throw serverNotFound();
  }

  /**
   * A saved destination of this account with its key opened, for the room's egress; null when
   * it is not this account's (or no longer exists, or its key no longer opens).
   */
  async target(accountId: string, id: string): Promise<StreamTarget | null> {
    const row = await repo.findServer(this.#db, accountId, id);
    if (!row) return null;
    const key = (await this.#keys()).open(row.keySealed, aad(accountId, row.id));
    return key === null ? null : { name: row.name, url: row.url, key };
  }
}

const aad = (accountId: string, id: string) => `stream-server:${id}:${accountId}`;

function view(row: StreamServerRow): StreamServerDto {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    key_hint: row.keyHint,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
