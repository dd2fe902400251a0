import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  serverMessages,
  storageFileUrl,
  type FileLinkResponse,
  type UploadKind,
  type UploadResponse,
} from '@podium/protocol';
import type { Config } from '../../config.ts';
import type { Db } from '../../store/db.ts';
import type { UploadRow } from '../../store/schema.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../shared/errors.ts';
import type { AuthAccount } from '../auth-account.ts';
import type { Secrets } from '../secrets.ts';
import type { OpenedCredentials } from '../signal-auth/credentials.ts';
import { blockedIdentities } from '../rooms/blocks.ts';
import { assertNever, identityKey } from '../../rooms/index.ts';
import * as events from '../events/repository.ts';
import { invalidLink } from '../events/errors.ts';
import {
  SNIFF_BYTES,
  classifyName,
  contentMatches,
  sanitizeFileName,
  type NameVerdict,
} from './classify.ts';
import { fileTooLarge, invalidFileType, noFile } from './errors.ts';
import { FILE_LINK_ON_DEMAND_SECONDS, fileLinkValid, signFileLink } from './links.ts';
import { deleteUpload, fileVisibleTo, findUpload, insertUpload } from './repository.ts';

export interface StorageServiceOptions {
  config: Config;
  db: Db;
  log: Logger;
  /** Opens socket credentials (services/signal-auth; an interface, so storage and signal-auth do not import each other through events). */
  signal: { open(token: string): Promise<OpenedCredentials> };
  secrets: Secrets;
}

/** Who uploads: an account (access token) or a person in a live room (socket credentials). */
export type Uploader =
  { kind: 'account'; accountId: string } | { kind: 'room'; identity: string; roomId: string };

/** One part of a multipart body, as @fastify/multipart hands it out (structurally). */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      mimetype: string;
      file: Readable & { truncated?: boolean };
    };

/** A stored file ready to be sent. */
export interface StoredFile {
  row: UploadRow;
  path: string;
  size: number;
}

/** Narrower rules for one use of the upload (an avatar: images only, at most 1 MB). */
export interface UploadRestriction {
  kinds?: readonly UploadKind[];
  maxBytes?: number;
  /** Readable by anyone with its plain link (an avatar); chat files need a signed link. */
  public?: boolean;
}

/** What a download request brings to be let through (besides a public file's id). */
export interface DownloadProof {
  /** The signed link's `exp` and `sig` query parameters. */
  exp?: string | undefined;
  sig?: string | undefined;
  /** The signed-in account (an uploader may always read their own files). */
  account: AuthAccount | null;
}

/** The name of the multipart part carrying the file. */
export const FILE_FIELD = 'file';
/** The optional field naming the live room (alias id) the file is shared in. */
export const ROOM_FIELD = 'room';

const ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;
const PART_SUFFIX = '.part';
/** Leftovers of uploads cut short by a crash are removed after this long. */
const STALE_PART_MS = 24 * 3600_000;
/**
 * Socket credentials last 10 minutes; a joined participant renews them every 4 minutes
 * (`renew_credentials`) and uploads with the newest. SECURITY: authentic credentials are
 * accepted this long after expiry, for renewals missed while the socket was away; they were
 * only ever issued to someone let into the room, blocked people are refused below, and an
 * upload alone reaches nobody: sharing it needs the room's socket. (24 hours before the client
 * renewed: a leaked credential was then good for a day.)
 */
const CREDENTIALS_UPLOAD_GRACE_SECONDS = 30 * 60;

const roomId = z.string().uuid();

/** Client data that could not be read as the multipart body we expect. */
class MalformedUpload extends Error {}

/**
 * Files shared in the live room's chat (spec §5, decisions.md "Chat and files"): classification
 * and limits, streaming to `<DATA_DIR>/uploads` under random ids, and the metadata table.
 */
export class StorageService {
  #config: Config;
  #db: Db;
  #log: Logger;
  #signal: StorageServiceOptions['signal'];
  #secrets: Secrets;
  #dir: Promise<string> | null = null;

  constructor(options: StorageServiceOptions) {
    this.#config = options.config;
    this.#db = options.db;
    this.#log = options.log.child({ service: 'storage' });
    this.#signal = options.signal;
    this.#secrets = options.secrets;
  }

  /**
   * Signs download links synchronously (the live room hands them out with every chat message
   * and history); resolves once the key is loaded.
   */
  async linker(): Promise<(id: string) => string> {
    const key = await this.#secrets.get('file_link_key');
    return (id) => signFileLink(key, id);
  }

  /**
   * A stored file for a download request, or null when there is no such file. SECURITY: only
   * public files (avatars) open with their bare id; a chat file needs a signed, unexpired link
   * (handed to the people who may see its message) or its uploader's own access token.
   */
  async openForDownload(id: string, proof: DownloadProof): Promise<StoredFile | null> {
    const stored = await this.open(id);
    if (!stored) return null;
    const { row } = stored;
    if (row.public) return stored;
    if (proof.account && row.uploader === `a:${proof.account.id}`) return stored;
    const key = await this.#secrets.get('file_link_key');
    if (fileLinkValid(key, row.id, proof.exp, proof.sig)) return stored;
    throw forbidden();
  }

  /** The limit of one kind of file, in bytes. */
  limitFor(kind: UploadKind): number {
    const { documentMaxBytes, otherMaxBytes } = this.#config.uploads;
    switch (kind) {
      case 'image':
      case 'document':
        return documentMaxBytes;
      case 'other':
        return otherMaxBytes;
      default:
        return assertNever(kind, 'upload kind');
    }
  }

  /** The largest file any kind allows: the multipart parser stops reading a file past it. */
  get maxFileBytes(): number {
    return Math.max(this.#config.uploads.documentMaxBytes, this.#config.uploads.otherMaxBytes);
  }

  /**
   * Who is uploading: the signed-in account, else the person the live room's socket
   * credentials name. Refuses blocked people and anything else unauthenticated.
   */
  async uploader(account: AuthAccount | null, credentials: string | undefined): Promise<Uploader> {
    if (account) {
      // SECURITY: an account that never confirmed its address cannot host files (issue 10).
      if (account.accountStatus !== 'active') {
        throw new AppError(403, 'unconfirmed_account', serverMessages['errors.confirm_to_upload'], {
          key: 'errors.confirm_to_upload',
        });
      }
      return { kind: 'account', accountId: account.id };
    }
    if (!credentials) throw unauthorized();
    const opened = await this.#signal.open(credentials);
    if (!opened.ok) throw unauthorized();
    const { credentials: c } = opened;
    if (c.expiresAt + CREDENTIALS_UPLOAD_GRACE_SECONDS <= Math.floor(Date.now() / 1000)) {
      throw unauthorized();
    }
    const identity = identityKey(c.identity);
    if ((await blockedIdentities(this.#db, c.roomId)).includes(identity)) throw forbidden();
    return { kind: 'room', identity, roomId: c.roomId };
  }

  /**
   * A short-lived signed link of a chat file (`POST /api/storage/file-link`), for the person
   * the live room's credentials name when they may see a message carrying it or uploaded it, or
   * for the uploader's own account. SECURITY: everyone else gets the same 404 as for an unknown
   * file, so ids of others' files cannot be probed.
   */
  async linkFor(
    id: string,
    account: AuthAccount | null,
    credentials: string | undefined,
  ): Promise<FileLinkResponse> {
    const row = ID_PATTERN.test(id) ? await findUpload(this.#db, id) : null;
    if (!row) throw notFound();
    let allowed = row.public;
    if (!allowed && credentials) {
      const who = await this.uploader(null, credentials);
      if (who.kind === 'room')
        allowed = await fileVisibleTo(this.#db, id, who.roomId, who.identity);
    }
    if (!allowed && account) allowed = row.uploader === `a:${account.id}`;
    if (!allowed && !credentials && !account) throw unauthorized();
    if (!allowed) throw notFound();
    const now = Date.now();
    const key = await this.#secrets.get('file_link_key');
    const url = signFileLink(key, id, now, FILE_LINK_ON_DEMAND_SECONDS);
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    return { url, expires_at: new Date(exp * 1000).toISOString() };
  }

  /**
   * Reads the multipart parts: streams the one `file` part to disk while checking its type and
   * size, then records it. Nothing stays on disk when the upload is refused.
   */
  async upload(
    parts: AsyncIterable<UploadPart>,
    uploader: Uploader,
    restriction: UploadRestriction = {},
  ): Promise<UploadResponse> {
    let received: Received | null = null;
    let room: unknown;
    let refusal: AppError | null = null;
    const iterator = parts[Symbol.asyncIterator]();
    try {
      for (;;) {
        let step: IteratorResult<UploadPart>;
        try {
          step = await iterator.next();
        } catch (error) {
          // Only the parser throws here: the body broke the rules or was cut short.
          throw refusal ?? parserRefusal(error);
        }
        if (step.done) break;
        const part = step.value;
        if (part.type === 'field') {
          if (part.fieldname === ROOM_FIELD) room = part.value;
          continue;
        }
        try {
          if (part.fieldname !== FILE_FIELD || received || refusal) {
            // Read and dropped: the parser cannot move on to the next part otherwise.
            await drain(part.file);
            refusal ??= noFile();
            continue;
          }
          const result = await this.#receive(part, restriction);
          if (result instanceof AppError) refusal = result;
          else received = result;
        } catch (error) {
          if (error instanceof MalformedUpload) throw refusal ?? noFile();
          throw error;
        }
      }
      if (refusal) throw refusal;
      if (!received) throw noFile();
      const aliasId = await this.#roomFor(uploader, room);
      return await this.#commit(received, uploader, aliasId, restriction.public === true);
    } finally {
      if (received && !received.committed) await removeQuietly(received.tmpPath);
    }
  }

  /**
   * Removes a file nobody refers to yet (an upload its use refused after storing it: a studio
   * image of the wrong shape).
   */
  async remove(id: string): Promise<void> {
    if (!ID_PATTERN.test(id)) return;
    await deleteUpload(this.#db, id);
    await removeQuietly(path.join(await this.#uploadDir(), id));
  }

  /** A stored file by id, or null (unknown id, malformed id, or bytes missing on disk). */
  async open(id: string): Promise<StoredFile | null> {
    if (!ID_PATTERN.test(id)) return null;
    const row = await findUpload(this.#db, id);
    if (!row) return null;
    const file = path.join(await this.#uploadDir(), row.id);
    try {
      const stat = await fs.stat(file);
      // A file cut short (a crash between writing and recording) is never served as whole.
      if (stat.isFile() && stat.size === row.size) return { row, path: file, size: stat.size };
    } catch {
      // reported below
    }
    this.#log.warn({ uploadId: id }, 'stored upload is missing or damaged on disk');
    return null;
  }

  async #roomFor(uploader: Uploader, given: unknown): Promise<string | null> {
    const asked = typeof given === 'string' && given.trim() !== '' ? given.trim() : undefined;
    if (uploader.kind === 'room') {
      // SECURITY: credentials open one room; they cannot file uploads under another.
      if (asked !== undefined && asked !== uploader.roomId) throw forbidden();
      return uploader.roomId;
    }
    if (asked === undefined) return null;
    if (!roomId.safeParse(asked).success) throw invalidLink();
    const row = await events.findAliasById(this.#db, asked);
    if (!row) throw invalidLink();
    return row.id;
  }

  /**
   * Streams one file part to a temporary file. Returns the refusal instead of throwing it, after
   * reading the rest of the part, so the parser can finish the body and the client gets the
   * answer rather than a reset connection.
   */
  async #receive(
    part: UploadPart & { type: 'file' },
    restriction: UploadRestriction,
  ): Promise<Received | AppError> {
    const name = sanitizeFileName(part.filename);
    const verdict = classifyName(name, part.mimetype);
    if (!verdict.ok || (restriction.kinds && !restriction.kinds.includes(verdict.kind))) {
      await drain(part.file);
      return invalidFileType();
    }
    const limit = Math.min(this.limitFor(verdict.kind), restriction.maxBytes ?? Infinity);
    const id = crypto.randomBytes(24).toString('base64url');
    const tmpPath = path.join(await this.#uploadDir(), id + PART_SUFFIX);
    const sink = new PartSink(tmpPath, verdict);
    let size = 0;
    try {
      try {
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          if (sink.refusal) continue; // draining
          size += chunk.length;
          if (size > limit) await sink.refuse(fileTooLarge());
          else await sink.write(chunk);
        }
      } catch (error) {
        if (isFsError(error)) throw error;
        throw new MalformedUpload('the file part could not be read', { cause: error });
      }
      // The parser cut the file at the largest limit.
      if (part.file.truncated && !sink.refusal) await sink.refuse(fileTooLarge());
      const sha256 = await sink.finish();
      if (sink.refusal) return sink.refusal;
      return {
        id,
        tmpPath,
        name,
        size,
        mime: verdict.mime,
        kind: verdict.kind,
        sha256,
        committed: false,
      };
    } catch (error) {
      await sink.refuse(null);
      throw error;
    }
  }

  async #commit(
    received: Received,
    uploader: Uploader,
    aliasId: string | null,
    isPublic: boolean,
  ): Promise<UploadResponse> {
    const dir = await this.#uploadDir();
    const finalPath = path.join(dir, received.id);
    await fs.rename(received.tmpPath, finalPath);
    received.committed = true;
    try {
      await insertUpload(this.#db, {
        id: received.id,
        name: received.name,
        size: received.size,
        mime: received.mime,
        kind: received.kind,
        sha256: received.sha256,
        aliasId,
        uploader: uploader.kind === 'account' ? `a:${uploader.accountId}` : uploader.identity,
        public: isPublic,
      });
    } catch (error) {
      await removeQuietly(finalPath);
      throw error;
    }
    this.#log.info(
      { uploadId: received.id, kind: received.kind, size: received.size, aliasId },
      'file uploaded',
    );
    return {
      id: received.id,
      name: received.name,
      size: received.size,
      mime: received.mime,
      kind: received.kind,
      // The uploader's own link; the people the file is sent to get theirs with the message.
      url: isPublic
        ? storageFileUrl(received.id)
        : signFileLink(await this.#secrets.get('file_link_key'), received.id),
    };
  }

  /** `<DATA_DIR>/uploads`, made on first use; in-memory runs use a private temporary folder. */
  #uploadDir(): Promise<string> {
    this.#dir ??= (async () => {
      const { dataDir } = this.#config;
      let dir: string;
      if (dataDir.startsWith('memory://')) {
        dir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-uploads-'));
      } else {
        dir = path.join(dataDir, 'uploads');
        await fs.mkdir(dir, { recursive: true, mode: 0o700 });
        await this.#removeStaleParts(dir);
      }
      return dir;
    })();
    // A failure (disk briefly unavailable) must not stick for the life of the process.
    this.#dir.catch(() => (this.#dir = null));
    return this.#dir;
  }

  async #removeStaleParts(dir: string): Promise<void> {
    const now = Date.now();
    for (const entry of await fs.readdir(dir)) {
      if (!entry.endsWith(PART_SUFFIX)) continue;
      const file = path.join(dir, entry);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > STALE_PART_MS) await removeQuietly(file);
    }
  }
}

/**
 * Where one file's bytes go. Nothing is written until the first bytes show the content is
 * allowed; a refusal removes whatever was written.
 */
class PartSink {
  #path: string;
  #verdict: NameVerdict & { ok: true };
  #handle: fs.FileHandle | null = null;
  #head: Buffer = Buffer.alloc(0);
  #hash = crypto.createHash('sha256');
  #refusal: AppError | null = null;
  #aborted = false;

  constructor(filePath: string, verdict: NameVerdict & { ok: true }) {
    this.#path = filePath;
    this.#verdict = verdict;
  }

  get refusal(): AppError | null {
    return this.#refusal;
  }

  async write(chunk: Buffer): Promise<void> {
    if (this.#refusal || this.#aborted) return;
    this.#hash.update(chunk);
    if (this.#handle) {
      await this.#handle.write(chunk);
      return;
    }
    this.#head = Buffer.concat([this.#head, chunk]);
    if (this.#head.length >= SNIFF_BYTES) await this.#open();
  }

  /** Ends the file: the sha-256 of its bytes (the refusal, if any, is in `refusal`). */
  async finish(): Promise<string> {
    if (!this.#refusal && !this.#handle) await this.#open();
    if (this.#refusal) return '';
    const handle = this.#handle;
    this.#handle = null;
    await handle?.sync();
    await handle?.close();
    return this.#hash.digest('hex');
  }

  /** Refuses the file (or just aborts with null) and removes what was written. */
  async refuse(refusal: AppError | null): Promise<void> {
    if (refusal) this.#refusal ??= refusal;
    else this.#aborted = true;
    const handle = this.#handle;
    this.#handle = null;
    await handle?.close().catch(() => undefined);
    await removeQuietly(this.#path);
  }

  async #open(): Promise<void> {
    const head = this.#head;
    this.#head = Buffer.alloc(0);
    if (!contentMatches(this.#verdict, head)) {
      this.#refusal = invalidFileType();
      return;
    }
    // SECURITY: 'wx' never follows or overwrites anything already there; 0600 keeps the bytes
    // away from other users of the machine.
    this.#handle = await fs.open(this.#path, 'wx', 0o600);
    await this.#handle.write(head);
  }
}

interface Received {
  id: string;
  tmpPath: string;
  name: string;
  size: number;
  mime: string;
  kind: UploadKind;
  sha256: string;
  /** Moved to its final name (from then on it is no longer a temporary file to remove). */
  committed: boolean;
}

async function drain(stream: Readable): Promise<void> {
  try {
    for await (const _chunk of stream) {
      // dropped
    }
  } catch (error) {
    throw new MalformedUpload('the part could not be read', { cause: error });
  }
}

async function removeQuietly(file: string): Promise<void> {
  await fs.rm(file, { force: true }).catch(() => undefined);
}

function isFsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) && 'syscall' in (error as object);
}

function parserRefusal(error: unknown): AppError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  return noFile();
}
