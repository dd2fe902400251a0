import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import {
  apiPaths,
  pathTo,
  type AudienceChatMessage,
  type LiveChatHistory,
  type LivePlayback,
  type LivePlaybackRequest,
  liveStatusResponse,
  type LiveStatus,
  type RoomMode,
} from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import type { Secrets } from '../secrets.ts';
import type { JoinTicket } from '../events/tickets.ts';
import * as repo from '../events/repository.ts';
import { eventExpired } from '../events/errors.ts';
import { AudienceChat, AudienceChatTooFast } from './audience-chat.ts';
import { invalidPlaybackToken, liveChatTooFast, liveNotFound, liveOffline } from './errors.ts';
import {
  CACHE_PLAYLIST,
  CACHE_SEGMENT,
  PLAYLIST_FILE,
  RUN_ID,
  contentTypeOf,
  fileInside,
  isHlsFileName,
  isPlaylist,
  rewritePlaylist,
} from './hls-files.ts';
import {
  newViewerId,
  signPlaybackToken,
  verifyPlaybackToken,
  type PlaybackToken,
} from './playback-token.ts';
import type { Cluster, SharedCounters } from '../../cluster/ports.ts';
import type { RoomOwner } from '../../cluster/leases.ts';
import type { RoomOwnerClient } from '../../cluster/owner-client.ts';
import { ViewerCounter } from './viewers.ts';

export interface LiveServiceDeps {
  db: Db;
  secrets: Secrets;
  /** Opens a join ticket from verify-call (EventsService.verifyJoinTicket). */
  verifyJoinTicket(ticket: string): Promise<JoinTicket | null>;
  /** Where the rooms' HLS outputs are written (config.egress.hlsDir). */
  hlsDir: string;
  log: Logger;
  now?: () => number;
  /** How long a run's files stay after it went off air (players finish their last segments). */
  lingerMs?: number;
  viewerWindowMs?: number;
  /** Where the audience chat's rate is counted: this process, or every node (src/cluster). */
  counters?: SharedCounters;
  /** The bus carrying audience chat lines between nodes. */
  cluster?: Cluster;
  /** On a cluster (REDIS_URL set): the node running a room, and requests to it. */
  owners?: RoomOwnerClient;
}

/** One start of a room's audience stream. */
interface Run {
  run: string;
  dir: string;
  /** The event's alias (lower case), as the watch page's URLs name it. */
  alias: string;
  /** Epoch ms it went on air; null while the egress is starting. */
  onAirSince: number | null;
}

/**
 * What the HLS routes send: a playlist's text, a file to stream, or (on a cluster) the owner
 * node's answer to the same request: `path` is what to ask it for.
 */
export type HlsAnswer =
  | { kind: 'text'; body: string; contentType: string; cacheControl: string }
  | { kind: 'file'; path: string; size: number; contentType: string; cacheControl: string }
  | { kind: 'owner'; owner: RoomOwner; path: string };

/**
 * Who asks (the HTTP routes pass it): the client's address, and whether the request came from
 * another node (then it is answered here, never sent on). Absent: a caller inside this node.
 */
export interface LiveCaller {
  address: string;
  fromNode: boolean;
}

const STATUS_CACHE_MS = 2000;
/**
 * How long the owner node has (cluster): for its answer's head, then for the whole body (a
 * segment of a few hundred kB on loopback or a LAN).
 */
export const OWNER_WAITS = { headersTimeoutMs: 5_000, bodyTimeoutMs: 30_000 } as const;
/** The name of a viewer whose account has none to show (never the email address). */
const VIEWER_NAME = 'Viewer';
const STATUS_CACHE_MAX = 1000;

/**
 * The watch page's side of the audience stream (issue 12 item 4): the rooms on air and where
 * their HLS is, playback tokens, the HLS files as each viewer gets them, and the viewer count.
 * The in-call `audience` feature (realtime/features/audience) puts a room on and off air
 * through `prepare` / `onAir` / `offAir` and reads `viewers`. The runs live on the node that
 * runs the room (its egress writes the files); with several nodes the others send the watch
 * page's requests of that room on to it (`owners`, cluster/README.md).
 */
export class LiveService {
  readonly #deps: LiveServiceDeps;
  readonly #now: () => number;
  readonly #runs = new Map<string, Run>();
  readonly #viewers: ViewerCounter;
  readonly #statusCache = new Map<string, { at: number; status: Promise<LiveStatus> }>();
  /** The events' audience chats (the watch page's side below; the call's through `chat`). */
  readonly chat: AudienceChat;
  /** On a cluster: the node running a room, and the requests sent on to it. */
  readonly #owners: RoomOwnerClient | null;

  constructor(deps: LiveServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    this.#viewers = new ViewerCounter(deps.viewerWindowMs);
    this.chat = new AudienceChat({
      db: deps.db,
      log: deps.log,
      now: this.#now,
      ...(deps.counters ? { counters: deps.counters } : {}),
      ...(deps.cluster ? { cluster: deps.cluster } : {}),
    });
    this.#owners = deps.owners ?? null;
  }

  // ---------- The room's side (the audience feature) ----------

  /**
   * A fresh, empty directory for one start of the room's audience stream. Earlier runs' files
   * of the room (a crash left them) are removed first.
   */
  async prepare(roomId: string): Promise<{ run: string; dir: string }> {
    const row = await repo.findAliasById(this.#deps.db, roomId);
    if (!row) throw liveNotFound();
    const roomDir = this.#roomDir(roomId);
    if (!this.#runs.has(roomId)) await fs.rm(roomDir, { recursive: true, force: true });
    const run = crypto.randomBytes(12).toString('base64url');
    const dir = path.join(roomDir, run);
    await fs.mkdir(dir, { recursive: true });
    this.#runs.set(roomId, { run, dir, alias: row.name.toLowerCase(), onAirSince: null });
    this.#statusCache.clear();
    return { run, dir };
  }

  /** The egress writes the run's playlist: the watch page plays it. */
  onAir(roomId: string, run: string): void {
    const current = this.#runs.get(roomId);
    if (current?.run !== run) return;
    current.onAirSince = this.#now();
    this.#statusCache.clear();
  }

  /** The run is over: its URLs answer 'offline'; its files go after a short linger. */
  offAir(roomId: string, run: string): void {
    const current = this.#runs.get(roomId);
    if (current?.run === run) {
      this.#runs.delete(roomId);
      this.#viewers.forget(roomId);
      this.#statusCache.clear();
    }
    const dir = path.join(this.#roomDir(roomId), run);
    const timer = setTimeout(() => {
      if (this.#runs.get(roomId)?.run === run) return;
      fs.rm(dir, { recursive: true, force: true }).catch((error: unknown) => {
        this.#deps.log.warn({ err: error, roomId }, 'hls run files could not be removed');
      });
    }, this.#deps.lingerMs ?? 30_000);
    timer.unref();
  }

  /** People watching the room now. */
  viewers(roomId: string): number {
    return this.#viewers.count(roomId, this.#now());
  }

  #roomDir(roomId: string): string {
    // SECURITY: room ids are alias ids (UUIDs); anything else never becomes a path.
    if (!/^[0-9a-f-]{36}$/i.test(roomId)) throw liveNotFound();
    return path.join(this.#deps.hlsDir, roomId);
  }

  // ---------- The watch page ----------

  /**
   * Title, whether the room is on air, and its viewers (cached for a moment per alias). On a
   * cluster, the room's owner node's status when another node runs the room (it has the run
   * and counts every viewer, whichever node their playlists went through).
   */
  status(alias: string, caller?: LiveCaller): Promise<LiveStatus> {
    const forward = this.#owners !== null && caller?.fromNode !== true;
    const key = `${forward ? 'f' : 'h'}:${alias.toLowerCase()}`;
    const now = this.#now();
    const cached = this.#statusCache.get(key);
    if (cached && now - cached.at < STATUS_CACHE_MS) return cached.status;
    if (this.#statusCache.size >= STATUS_CACHE_MAX) this.#statusCache.clear();
    const status = this.#status(alias, forward ? (caller?.address ?? '') : null);
    this.#statusCache.set(key, { at: now, status });
    status.catch(() => this.#statusCache.delete(key));
    return status;
  }

  /** `forwardFor`: the client's address when the owner node may be asked, else null. */
  async #status(alias: string, forwardFor: string | null): Promise<LiveStatus> {
    const row = await repo.findAliasByName(this.#deps.db, alias);
    if (!row) throw liveNotFound();
    const run = this.#runs.get(row.id);
    if (!run && forwardFor !== null) {
      const remote = await this.#ownerStatus(row.id, row.name, forwardFor);
      if (remote) return remote;
    }
    const live = run?.onAirSince != null && (await exists(path.join(run.dir, PLAYLIST_FILE)));
    return {
      alias: row.name,
      title: row.title,
      mode: row.mode as RoomMode,
      require_passcode: row.requirePasscode,
      live,
      viewers: live ? this.viewers(row.id) : 0,
      started_at: live && run.onAirSince ? new Date(run.onAirSince).toISOString() : null,
    };
  }

  /** The owner node's status of the room, or null (nobody else runs it, or it did not answer). */
  async #ownerStatus(roomId: string, alias: string, address: string): Promise<LiveStatus | null> {
    const owner = await this.#owners?.recentlyElsewhere(roomId);
    if (!this.#owners || !owner) return null;
    const query = new URLSearchParams({ alias }).toString();
    try {
      const { response, release } = await this.#owners.fetch(
        owner,
        `${apiPaths.live.status}?${query}`,
        {
          address,
          headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          ...OWNER_WAITS,
        },
      );
      try {
        const parsed = liveStatusResponse.safeParse(await response.json());
        if (response.ok && parsed.success) return parsed.data;
        this.#deps.log.warn({ roomId, status: response.status }, 'owner node status refused');
        return null;
      } finally {
        release();
      }
    } catch (error) {
      this.#deps.log.warn({ err: error, roomId, owner: owner.nodeId }, 'owner node not reached');
      return null;
    }
  }

  /**
   * A playback token: for a join ticket of the event (verify-call applied the passcode rule),
   * or renewing a still-valid token (the same viewer).
   */
  async playback(input: LivePlaybackRequest): Promise<LivePlayback> {
    const secret = await this.#secret();
    let aliasId: string;
    let viewerId: string;
    if (input.ticket !== undefined) {
      const ticket = await this.#deps.verifyJoinTicket(input.ticket);
      if (!ticket) throw invalidPlaybackToken();
      aliasId = ticket.aliasId;
      viewerId = newViewerId();
    } else {
      const token = verifyPlaybackToken(secret, input.token, this.#now());
      if (!token) throw invalidPlaybackToken();
      aliasId = token.aliasId;
      viewerId = token.viewerId;
    }
    const row = await repo.findAliasById(this.#deps.db, aliasId);
    if (!row) throw liveNotFound();
    if (row.expiredAt && row.expiredAt.getTime() <= this.#now()) throw eventExpired();
    const { token, payload } = signPlaybackToken(secret, { aliasId, viewerId }, this.#now());
    return {
      token,
      expires_at: new Date(payload.expiresAt * 1000).toISOString(),
      playlist: pathTo(apiPaths.hls.playlist, { alias: row.name }),
    };
  }

  /**
   * The playlist of the room on air, for this viewer (the viewer's heartbeat, too); on a
   * cluster, the owner node's when another node runs the room (it counts the viewer).
   */
  async playlist(
    alias: string,
    token: string | undefined,
    caller?: LiveCaller,
  ): Promise<HlsAnswer> {
    const found = await this.#onAir(alias, token, caller);
    if ('owner' in found) {
      const path = pathTo(apiPaths.hls.playlist, { alias });
      return { kind: 'owner', owner: found.owner, path: withToken(path, token) };
    }
    const { run, viewer } = found;
    return this.#playlistOf(run, viewer, PLAYLIST_FILE, `${run.run}/`, token ?? '');
  }

  /** A file of the room's current run: a segment, a part, or a nested playlist. */
  async file(
    alias: string,
    runId: string,
    file: string,
    token: string | undefined,
    caller?: LiveCaller,
  ): Promise<HlsAnswer> {
    const found = await this.#onAir(alias, token, caller);
    if ('owner' in found) {
      // SECURITY: only names the owner could serve are sent on (it checks them again).
      if (!RUN_ID.test(runId) || !isHlsFileName(file)) throw liveOffline();
      const path = pathTo(apiPaths.hls.file, { alias, run: runId, file });
      return { kind: 'owner', owner: found.owner, path: withToken(path, token) };
    }
    const { run, viewer } = found;
    // SECURITY: only the current run, and only a plain file name inside its directory.
    if (!RUN_ID.test(runId) || runId !== run.run) throw liveOffline();
    const absolute = fileInside(run.dir, file);
    if (!absolute) throw liveOffline();
    if (isPlaylist(file)) return this.#playlistOf(run, viewer, file, '', token ?? '');
    let size: number;
    try {
      const stat = await fs.stat(absolute);
      if (!stat.isFile()) throw liveOffline();
      size = stat.size;
    } catch {
      throw liveOffline();
    }
    return {
      kind: 'file',
      path: absolute,
      size,
      contentType: contentTypeOf(file),
      cacheControl: CACHE_SEGMENT,
    };
  }

  async #playlistOf(
    run: Run,
    viewer: PlaybackToken,
    file: string,
    prefix: string,
    token: string,
  ): Promise<HlsAnswer> {
    let text: string;
    try {
      text = await fs.readFile(path.join(run.dir, file), 'utf8');
    } catch {
      // Still starting: the egress has not written its first playlist yet.
      throw liveOffline();
    }
    this.#viewers.seen(viewer.aliasId, viewer.viewerId, this.#now());
    return {
      kind: 'text',
      body: rewritePlaylist(text, prefix, token),
      contentType: contentTypeOf(file),
      cacheControl: CACHE_PLAYLIST,
    };
  }

  // ---------- The audience chat of the watch page ----------

  /**
   * The event a chat stream is opened for, with its newest lines: a valid playback token of the
   * event the URL names (on air or not: the chat runs before and after the stream).
   */
  async chatStream(
    alias: string,
    token: string | undefined,
  ): Promise<{ aliasId: string; history: LiveChatHistory }> {
    // SECURITY: the token first, as for the HLS: without one nothing about the event is told.
    const viewer = verifyPlaybackToken(await this.#secret(), token, this.#now());
    if (!viewer) throw invalidPlaybackToken();
    const row = await repo.findAliasById(this.#deps.db, viewer.aliasId);
    if (!row || row.name.toLowerCase() !== alias.toLowerCase()) throw liveNotFound();
    return { aliasId: row.id, history: { messages: await this.chat.recent(row.id) } };
  }

  /**
   * A signed-in viewer's line: the playback token names the event (and shows its passcode rule
   * was met), the account names the sender (its public name, never its email address).
   */
  async postChat(token: string, accountId: string, text: string): Promise<AudienceChatMessage> {
    const viewer = verifyPlaybackToken(await this.#secret(), token, this.#now());
    if (!viewer) throw invalidPlaybackToken();
    const row = await repo.findAliasById(this.#deps.db, viewer.aliasId);
    if (!row) throw liveNotFound();
    if (row.expiredAt && row.expiredAt.getTime() <= this.#now()) throw eventExpired();
    const names = await repo.ownerNames(this.#deps.db, accountId);
    try {
      return await this.chat.post(
        row.id,
        { identity: `a:${accountId}`, name: names.public || VIEWER_NAME, from: 'audience' },
        text,
      );
    } catch (error) {
      if (error instanceof AudienceChatTooFast) throw liveChatTooFast();
      throw error;
    }
  }

  /**
   * The token's viewer and the run on air of the event the URL names; or the other node that
   * runs the room (on a cluster, when this node has no run of it and the caller is no node).
   */
  async #onAir(
    alias: string,
    token: string | undefined,
    caller: LiveCaller | undefined,
  ): Promise<{ run: Run; viewer: PlaybackToken } | { owner: RoomOwner }> {
    // SECURITY: the token is checked before anything about the event is looked up, so a
    // request without one learns nothing (not even whether the alias exists or is on air) —
    // and is never sent on to another node either.
    const viewer = verifyPlaybackToken(await this.#secret(), token, this.#now());
    if (!viewer) throw invalidPlaybackToken();
    const run = this.#runs.get(viewer.aliasId);
    if (!run && this.#owners && caller?.fromNode !== true) {
      const owner = await this.#owners.recentlyElsewhere(viewer.aliasId);
      if (owner) return { owner };
    }
    // A token of another event never opens this one's files, whatever the URL says.
    // Nor does a run still starting (the egress has not written a playable playlist).
    if (!run || run.onAirSince === null || run.alias !== alias.toLowerCase()) throw liveOffline();
    return { run, viewer };
  }

  #secret(): Promise<Buffer> {
    return this.#deps.secrets.get('join_ticket_key');
  }
}

function withToken(path: string, token: string | undefined): string {
  return token === undefined ? path : `${path}?token=${encodeURIComponent(token)}`;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
