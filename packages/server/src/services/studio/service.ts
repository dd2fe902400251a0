import fs from 'node:fs/promises';
import type { Logger } from 'pino';
import {
  DEFAULT_STUDIO,
  STUDIO_IMAGE_MAX_BYTES,
  STUDIO_IMAGE_PURPOSES,
  checkStudio,
  storageFileUrl,
  studioImageRefusal,
  studioImages,
  type StudioImagePurpose,
  type StudioImageResponse,
  type StudioMessageKey,
  type StudioState,
} from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import type { StorageService, UploadPart } from '../storage/index.ts';
import { imageInfo } from './image-info.ts';
import * as repo from './repository.ts';
import { studioError } from './errors.ts';

export interface StudioServiceOptions {
  db: Db;
  log: Logger;
  storage: StorageService;
}

/**
 * The studio of events and the accounts' defaults (issue 13). Images go through the storage
 * service (sniffed, at most 1 MB, public like avatars: everyone in the room and the recorder
 * shows them) and are checked here for their purpose (spec §5: badge and scene 16:9).
 */
export class StudioService {
  #db: Db;
  #log: Logger;
  #storage: StorageService;

  constructor(options: StudioServiceOptions) {
    this.#db = options.db;
    this.#log = options.log.child({ service: 'studio' });
    this.#storage = options.storage;
  }

  /** The event's studio (its owner's defaults at creation, or the built-in default). */
  async forEvent(aliasId: string): Promise<StudioState> {
    return this.#readable(await repo.eventStudio(this.#db, aliasId), { aliasId });
  }

  /** Stores a studio already checked (`check`) with its event. */
  async saveForEvent(aliasId: string, studio: StudioState): Promise<void> {
    await repo.saveEventStudio(this.#db, aliasId, studio);
  }

  async defaults(accountId: string): Promise<StudioState> {
    return this.#readable(await repo.accountStudio(this.#db, accountId), { accountId });
  }

  /** Checks and stores the account's defaults (copied into the events it creates from now on). */
  async saveDefaults(accountId: string, input: unknown): Promise<StudioState> {
    const checked = await this.check(input, await this.defaults(accountId));
    if (!checked.ok) throw studioError(checked.key, checked.field);
    await repo.saveAccountStudio(this.#db, accountId, checked.studio);
    this.#log.info({ accountId }, 'studio defaults saved');
    return checked.studio;
  }

  /**
   * A client's studio checked: its shape (`checkStudio`) and every image it names that
   * `previous` did not (each must be a stored public image fit for its purpose).
   */
  async check(
    input: unknown,
    previous: StudioState,
  ): Promise<
    { ok: true; studio: StudioState } | { ok: false; key: StudioMessageKey; field: string }
  > {
    const checked = checkStudio(input);
    if (!checked.ok) return checked;
    const before = studioImages(previous);
    const after = studioImages(checked.studio);
    for (const purpose of STUDIO_IMAGE_PURPOSES) {
      const id = after[purpose];
      if (id === null || id === before[purpose]) continue;
      const refused = await this.#imageRefusal(purpose, id);
      if (refused) return { ok: false, key: refused, field: `${purpose}.image` };
    }
    return checked;
  }

  /**
   * `POST /api/studio/images?purpose=…`: stores the image through the storage service (public,
   * images only, 1 MB) and keeps it only if it fits its purpose.
   */
  async uploadImage(
    accountId: string,
    purpose: StudioImagePurpose,
    parts: AsyncIterable<UploadPart>,
  ): Promise<StudioImageResponse> {
    const stored = await this.#storage.upload(
      parts,
      { kind: 'account', accountId },
      { kinds: ['image'], maxBytes: STUDIO_IMAGE_MAX_BYTES, public: true },
    );
    const facts = await this.#facts(stored.id);
    const refused = facts ? studioImageRefusal(purpose, facts) : 'studio.file_rejected';
    if (refused || !facts) {
      await this.#storage.remove(stored.id);
      throw studioError(refused ?? 'studio.file_rejected');
    }
    this.#log.info({ accountId, uploadId: stored.id, purpose }, 'studio image uploaded');
    return {
      id: stored.id,
      url: storageFileUrl(stored.id),
      purpose,
      width: facts.width,
      height: facts.height,
    };
  }

  async #imageRefusal(purpose: StudioImagePurpose, id: string): Promise<StudioMessageKey | null> {
    const facts = await this.#facts(id);
    if (!facts) return 'studio.image_missing';
    return studioImageRefusal(purpose, facts);
  }

  /** What the stored bytes are; null when there is no such public file. */
  async #facts(id: string) {
    const stored = await this.#storage.open(id);
    // SECURITY: only public images can be shown to the whole room by id; a chat file (readable
    // only through signed links) named in a studio would otherwise leak to everyone.
    if (!stored || !stored.row.public) return null;
    if (stored.size > STUDIO_IMAGE_MAX_BYTES) {
      return { format: null, bytes: stored.size, width: 0, height: 0 };
    }
    const bytes = await fs.readFile(stored.path);
    const info = imageInfo(bytes);
    return {
      format: info?.format ?? null,
      bytes: bytes.length,
      width: info?.width ?? 0,
      height: info?.height ?? 0,
    };
  }

  /** A stored document, or the default when it no longer passes the schema (logged). */
  #readable(stored: unknown, context: Record<string, string>): StudioState {
    if (stored === null) return DEFAULT_STUDIO;
    const checked = checkStudio(stored);
    if (checked.ok) return checked.studio;
    this.#log.warn({ ...context, field: checked.field }, 'stored studio is not readable');
    return DEFAULT_STUDIO;
  }
}
