import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  AVATAR_MAX_BYTES,
  DEFAULT_ACCOUNT_SETTINGS,
  type AccountDetailsDto,
  type AccountSessionDto,
  type AccountSettings,
  type AccountSettingsUpdate,
} from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import {
  accountSessions,
  accountSettings,
  accounts,
  type AccountSettingsRow,
} from '../../store/schema.ts';
import { notFound, unauthorized } from '../../shared/errors.ts';
import type { AuthAccount } from '../auth-account.ts';
import type { StorageService, UploadPart } from '../storage/index.ts';
import type { AccountsService } from './accounts.ts';
import { toAccountDto } from './dto.ts';
import { deepFreeze } from '../../shared/short-cache.ts';

export interface AccountSettingsServiceOptions {
  db: Db;
  accounts: AccountsService;
  storage: StorageService;
  log: Logger;
  now?: () => number;
}

type SettingsColumns = Omit<AccountSettingsRow, 'accountId' | 'updatedAt'>;

function toSettings(row: AccountSettingsRow | undefined): AccountSettings {
  if (!row) return { ...DEFAULT_ACCOUNT_SETTINGS };
  return {
    language: row.language,
    anti_screen_capture: row.antiScreenCapture,
    mic_on_join: row.micOnJoin,
    camera_on_join: row.cameraOnJoin,
    audio_input_id: row.audioInputId,
    video_input_id: row.videoInputId,
    audio_output_id: row.audioOutputId,
    allow_invitation_emails: row.allowInvitationEmails,
    default_layout: row.defaultLayout,
  };
}

function toColumns(update: AccountSettingsUpdate): Partial<SettingsColumns> {
  const columns: Partial<SettingsColumns> = {
    language: update.language,
    antiScreenCapture: update.anti_screen_capture,
    micOnJoin: update.mic_on_join,
    cameraOnJoin: update.camera_on_join,
    audioInputId: update.audio_input_id,
    videoInputId: update.video_input_id,
    audioOutputId: update.audio_output_id,
    allowInvitationEmails: update.allow_invitation_emails,
    defaultLayout: update.default_layout,
  };
  return Object.fromEntries(
    Object.entries(columns).filter(([, v]) => v !== undefined),
  ) as Partial<SettingsColumns>;
}

/**
 * Of these addresses, the ones whose account asked not to receive invitation mails (privacy).
 * Compared lower-cased, as the accounts table stores addresses.
 */
export async function invitationOptOuts(db: Db, emails: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (!wanted.length) return new Set();
  const rows = await db
    .select({ email: accounts.email })
    .from(accounts)
    .innerJoin(accountSettings, eq(accountSettings.accountId, accounts.id))
    .where(and(inArray(accounts.email, wanted), eq(accountSettings.allowInvitationEmails, false)));
  return new Set(rows.flatMap((r) => (r.email ? [r.email] : [])));
}

/** The account and its settings row in one statement: details is read on every page load. */
function prepareDetailsOf(db: Db) {
  return db
    .select({ account: accounts, settings: accountSettings })
    .from(accounts)
    .leftJoin(accountSettings, eq(accountSettings.accountId, accounts.id))
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .limit(1)
    .prepare('podium_account_details');
}

function prepareSettingsOf(db: Db) {
  return db
    .select()
    .from(accountSettings)
    .where(eq(accountSettings.accountId, sql.placeholder('accountId')))
    .limit(1)
    .prepare('podium_account_settings');
}

/**
 * The settings pages' server side: stored preferences (one row per account, defaults without
 * one), the avatar upload, and the account's signed-in sessions (advanced security).
 */
export class AccountSettingsService {
  #db: Db;
  #accounts: AccountsService;
  #storage: StorageService;
  #log: Logger;
  #now: () => number;

  /** The settings row of an account, built once: account details reads it on every call. */
  #settingsOf: ReturnType<typeof prepareSettingsOf>;
  #detailsOf: ReturnType<typeof prepareDetailsOf>;

  constructor(options: AccountSettingsServiceOptions) {
    this.#db = options.db;
    this.#settingsOf = prepareSettingsOf(options.db);
    this.#detailsOf = prepareDetailsOf(options.db);
    this.#accounts = options.accounts;
    this.#storage = options.storage;
    this.#log = options.log.child({ service: 'account-settings' });
    this.#now = options.now ?? Date.now;
  }

  async get(accountId: string): Promise<AccountSettings> {
    const rows = await this.#settingsOf.execute({ accountId });
    return toSettings(rows[0]);
  }

  /**
   * The account as details returns it: the usual account plus its settings. Read on every page
   * load, so a second's copy answers (AccountsService.detailsCache: every write through this
   * process forgets it, writes elsewhere show within the second). Frozen: the same object
   * answers several requests.
   */
  details(auth: AuthAccount): Promise<AccountDetailsDto> {
    return this.#accounts.detailsCache.getOrLoad(auth.id, '', () => this.#readDetails(auth.id));
  }

  async #readDetails(accountId: string): Promise<AccountDetailsDto> {
    // One round trip: on PGlite every query costs its own pass through the WebAssembly
    // Postgres, on PostgreSQL its own send and wake-up.
    const row = (await this.#detailsOf.execute({ accountId }))[0];
    // The same rule as every account read: a deleted or disabled account is signed out.
    if (!row || row.account.accountStatus === 'disabled') throw unauthorized();
    return deepFreeze({
      ...toAccountDto(row.account),
      settings: toSettings(row.settings ?? undefined),
    });
  }

  async update(auth: AuthAccount, update: AccountSettingsUpdate): Promise<AccountDetailsDto> {
    const columns = toColumns(update);
    if (Object.keys(columns).length) {
      // The account may have been deleted since the token was checked: the foreign key says so.
      const exists = await this.#accounts.store.byId(auth.id);
      if (!exists) throw unauthorized();
      await this.#db
        .insert(accountSettings)
        .values({ accountId: auth.id, ...columns })
        .onConflictDoUpdate({
          target: accountSettings.accountId,
          set: { ...columns, updatedAt: new Date(this.#now()) },
        });
      // The next details (this answer's too) reads the changed settings.
      this.#accounts.detailsCache.forget(auth.id);
      this.#log.info({ accountId: auth.id, changed: Object.keys(update) }, 'settings changed');
    }
    return this.details(auth);
  }

  /** Stores the uploaded image through the storage service and makes it the avatar. */
  async uploadAvatar(
    auth: AuthAccount,
    parts: AsyncIterable<UploadPart>,
  ): Promise<AccountDetailsDto> {
    const stored = await this.#storage.upload(
      parts,
      { kind: 'account', accountId: auth.id },
      // Spec §9: images of 1 MB at most; the storage service sniffs that the bytes are an image.
      // Public: an avatar is shown to everyone by its plain link (chat files need a signed one).
      { kinds: ['image'], maxBytes: AVATAR_MAX_BYTES, public: true },
    );
    await this.#accounts.store.update(auth.id, { avatar: stored.url });
    this.#log.info({ accountId: auth.id, uploadId: stored.id }, 'avatar changed');
    return this.details(auth);
  }

  // ---- sessions (advanced security) -------------------------------------------------------

  async sessions(auth: AuthAccount): Promise<AccountSessionDto[]> {
    const rows = await this.#db
      .select()
      .from(accountSessions)
      .where(
        and(
          eq(accountSessions.accountId, auth.id),
          gt(accountSessions.renewalExpiresAt, new Date(this.#now())),
        ),
      );
    return rows
      .map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        renewed_at: row.renewedAt?.toISOString() ?? null,
        expires_at: row.renewalExpiresAt.toISOString(),
        current: row.id === auth.tokenId,
      }))
      .sort((a, b) =>
        a.current !== b.current ? (a.current ? -1 : 1) : b.created_at.localeCompare(a.created_at),
      );
  }

  /** Signs one other session out. SECURITY: only the account's own sessions can be named. */
  async revokeSession(auth: AuthAccount, id: string): Promise<AccountSessionDto[]> {
    const deleted = await this.#db
      .delete(accountSessions)
      .where(and(eq(accountSessions.id, id), eq(accountSessions.accountId, auth.id)))
      .returning({ id: accountSessions.id });
    if (!deleted.length) throw notFound();
    // SECURITY: its access token stops working now, not when the token cache would expire it.
    this.#accounts.tokens.cache.forgetSession(id);
    this.#log.info({ accountId: auth.id, sessionId: id }, 'session signed out');
    return this.sessions(auth);
  }

  async revokeOtherSessions(auth: AuthAccount): Promise<AccountSessionDto[]> {
    const deleted = await this.#db
      .delete(accountSessions)
      .where(and(eq(accountSessions.accountId, auth.id), ne(accountSessions.id, auth.tokenId)))
      .returning({ id: accountSessions.id });
    this.#accounts.tokens.cache.forgetAccount(auth.id, auth.tokenId);
    this.#log.info({ accountId: auth.id, revoked: deleted.length }, 'other sessions signed out');
    return this.sessions(auth);
  }
}
