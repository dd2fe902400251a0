import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import {
  ErrorCode,
  serverMessages,
  type RecordingEntry,
  type RecordingEntryState,
  type RecordingFailure,
} from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import type { RecordingRow } from '../../store/schema.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../shared/errors.ts';
import type { Secrets } from '../secrets.ts';
import { recordingLinkValid, signRecordingLink } from './links.ts';
import {
  deleteRecording,
  eventOfRoom,
  insertRecording,
  recordingById,
  recordingsInProgress,
  recordingsOf,
  updateRecording,
} from './repository.ts';

export interface RecordingsServiceOptions {
  db: Db;
  /** Where the files are written (RECORDINGS_DIR, default DATA_DIR/recordings). */
  dir: string;
  secrets: Secrets;
  log: Logger;
  now?: () => number;
}

/** How a recording ended, as the live room saw it. */
export interface RecordingOutcome {
  /** null: stopped by a host, co-host or the room ending; otherwise why the server stopped it. */
  failure: RecordingFailure | null;
  /** Recorded time without the paused parts. */
  durationMs: number;
}

/** A file ready to send. */
export interface RecordingFile {
  path: string;
  size: number;
  /** The name offered to the browser ("<event title> <date>.mp4"). */
  name: string;
}

/** Who asks for a file: the owner's account, or a signed link's `exp` and `sig`. */
export interface FileAccess {
  accountId: string | null;
  exp?: string;
  sig?: string;
}

const conflict = (key: 'errors.recording_in_progress') =>
  new AppError(409, ErrorCode.Conflict, serverMessages[key], { key });

/**
 * The recordings library (issue 12 item 2). A live room's recording feature `begin`s a recording
 * (a row in state 'recording' and the path the egress writes) and `finish`es it; owners list,
 * download and delete theirs. Recordings belong to the event's owner, whoever started them.
 * Nothing half-written is listed as complete: `finish` decides the final state from how it
 * ended and what is on disk.
 */
export class RecordingsService {
  readonly #db: Db;
  readonly #dir: string;
  readonly #secrets: Secrets;
  readonly #log: Logger;
  readonly #now: () => number;

  constructor(options: RecordingsServiceOptions) {
    this.#db = options.db;
    this.#dir = options.dir;
    this.#secrets = options.secrets;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
  }

  /**
   * A new recording of the live room `roomId` (the event's alias id), owned by the event's
   * owner; `startedBy` is the identity key of the host or co-host who started it. Answers the
   * id and the absolute path the egress writes.
   */
  async begin(input: {
    roomId: string;
    startedBy: string;
    startedAt: number;
  }): Promise<{ id: string; path: string }> {
    const event = await eventOfRoom(this.#db, input.roomId);
    if (!event) throw new Error(`no event for room ${input.roomId}`);
    const id = crypto.randomBytes(18).toString('base64url');
    const file = `${id}.mp4`;
    await fs.mkdir(this.#dir, { recursive: true });
    await insertRecording(this.#db, {
      id,
      ownerId: event.ownerId,
      aliasId: input.roomId,
      eventTitle: event.title,
      file,
      state: 'recording',
      failure: null,
      startedBy: input.startedBy,
      startedAt: new Date(input.startedAt),
    });
    return { id, path: path.join(this.#dir, file) };
  }

  /** The recording ended: its final state comes from how it ended and what is on disk. */
  async finish(id: string, outcome: RecordingOutcome): Promise<RecordingEntryState> {
    const row = await recordingById(this.#db, id);
    if (!row) return 'failed';
    const size = await this.#sizeOf(row);
    const state: RecordingEntryState =
      size === 0 ? 'failed' : outcome.failure === null ? 'complete' : 'partial';
    await updateRecording(this.#db, id, {
      state,
      failure: outcome.failure,
      endedAt: new Date(this.#now()),
      durationMs: Math.max(0, Math.round(outcome.durationMs)),
      sizeBytes: size,
    });
    return state;
  }

  /**
   * Rows left 'recording' by a process that stopped while recording (a crash or a restart):
   * the part written is listed as partial, an empty one as failed. Called at start, when no
   * room of this process records yet.
   */
  async recoverInterrupted(): Promise<number> {
    const rows = await recordingsInProgress(this.#db);
    for (const row of rows) {
      const size = await this.#sizeOf(row);
      await updateRecording(this.#db, row.id, {
        state: size > 0 ? 'partial' : 'failed',
        failure: 'egress_crashed',
        endedAt: new Date(this.#now()),
        sizeBytes: size,
      });
    }
    if (rows.length) this.#log.warn({ count: rows.length }, 'interrupted recordings closed');
    return rows.length;
  }

  async list(ownerId: string): Promise<RecordingEntry[]> {
    const rows = await recordingsOf(this.#db, ownerId);
    return rows.map(entryOf);
  }

  /** A short-lived download link for the owner. */
  async link(id: string, accountId: string): Promise<{ url: string; expiresAt: string }> {
    const row = await this.#owned(id, accountId);
    if (!downloadable(row)) throw notFound();
    const key = await this.#secrets.get('file_link_key');
    const { url, expires } = signRecordingLink(key, row.id, this.#now());
    return { url, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** The file of a finished recording, for its owner or a valid signed link. */
  async file(id: string, access: FileAccess): Promise<RecordingFile> {
    const row = await recordingById(this.#db, id);
    if (!row) throw notFound();
    const key = await this.#secrets.get('file_link_key');
    const signed = recordingLinkValid(key, row.id, access.exp, access.sig, this.#now());
    if (!signed) {
      if (access.accountId === null) throw unauthorized();
      // SECURITY: only the event's owner, whoever started the recording.
      if (access.accountId !== row.ownerId) throw forbidden();
    }
    if (!downloadable(row)) throw notFound();
    const file = path.join(this.#dir, row.file);
    const size = await this.#sizeOf(row);
    if (size === 0) throw notFound();
    return { path: file, size, name: fileName(row) };
  }

  /** Deletes the file and the entry (the owner only; not while it is being written). */
  async remove(id: string, accountId: string): Promise<void> {
    const row = await this.#owned(id, accountId);
    if (row.state === 'recording') throw conflict('errors.recording_in_progress');
    if (!(await deleteRecording(this.#db, row.id, accountId))) throw notFound();
    await fs.rm(path.join(this.#dir, row.file), { force: true });
  }

  async #owned(id: string, accountId: string): Promise<RecordingRow> {
    const row = await recordingById(this.#db, id);
    if (!row) throw notFound();
    if (row.ownerId !== accountId) throw forbidden();
    return row;
  }

  async #sizeOf(row: RecordingRow): Promise<number> {
    try {
      const stat = await fs.stat(path.join(this.#dir, row.file));
      return stat.isFile() ? stat.size : 0;
    } catch {
      return 0;
    }
  }
}

function downloadable(row: RecordingRow): boolean {
  return (row.state === 'complete' || row.state === 'partial') && row.sizeBytes > 0;
}

function entryOf(row: RecordingRow): RecordingEntry {
  return {
    id: row.id,
    event_title: row.eventTitle,
    started_at: row.startedAt.toISOString(),
    duration_ms: row.durationMs,
    size_bytes: row.sizeBytes,
    state: row.state,
    failure: row.failure ?? null,
    downloadable: downloadable(row),
  };
}

/** "<event title> 2026-11-26 03-40.mp4" (UTC). */
function fileName(row: RecordingRow): string {
  const stamp = row.startedAt.toISOString().slice(0, 16).replace('T', ' ').replace(':', '-');
  return `${row.eventTitle} ${stamp}.mp4`;
}
