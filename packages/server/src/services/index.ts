import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import type { Mailer } from './mail.ts';
import type { AuthAccount } from './auth-account.ts';
import { localCluster, type Cluster } from '../cluster/index.ts';
import { RoomOwnerClient } from '../cluster/owner-client.ts';
import { AccountsService } from './accounts/index.ts';
import { Secrets } from './secrets.ts';
import { EventsService } from './events/index.ts';
import { ChatService } from './chat/index.ts';
import { SignalAuthService } from './signal-auth/index.ts';
import { StorageService } from './storage/index.ts';
import { RecordingsService } from './recordings/index.ts';
import { SocialSignInService } from './social-signin/index.ts';
import { DomainsService } from './domains/index.ts';
import { AccountSettingsService } from './accounts/settings.ts';
import { AccountChannel } from './account-channel.ts';
import { NotificationsService } from './notifications/index.ts';
import { CallConfigService } from './call-config/index.ts';
import { ClientLogService } from './logger/index.ts';
import { WalletService } from './wallet/index.ts';
import { GiftsService } from './gifts/index.ts';
import { QrCallsService } from './qr-calls/index.ts';
import { LiveService } from './live/index.ts';
import { StreamingService } from './streaming/index.ts';
import { WhiteboardsService } from './whiteboards/index.ts';
import { StudioService } from './studio/index.ts';

/** Resolves access tokens to accounts; implemented by the accounts service. */
export interface TokenAuthenticator {
  authenticate(token: string): Promise<AuthAccount | null>;
}

/** Everything handlers reach for, built once per server. */
export interface Services {
  config: Config;
  store: Store;
  mailer: Mailer;
  log: Logger;
  tokens: TokenAuthenticator;
  /** Limiters' counters and the bus between nodes (in-process unless REDIS_URL; src/cluster). */
  cluster: Cluster;
  /** The node running a live room, and signed requests to it; null with REDIS_URL unset. */
  roomOwners: RoomOwnerClient | null;
  accounts: AccountsService;
  secrets: Secrets;
  events: EventsService;
  /** Chat history and its passcode (the live room). */
  chat: ChatService;
  /** Socket credentials for the live room (POST /member/v1/auth). */
  signal: SignalAuthService;
  /** Files shared in the live room's chat (POST /api/storage/upload-file). */
  storage: StorageService;
  /** Google and Facebook sign-in and linked identities (src/services/social-signin). */
  socialSignIn: SocialSignInService;
  /** Organization domains, list.json and the enterprise endpoints. */
  domains: DomainsService;
  /** Account settings, avatar upload and signed-in sessions (the settings pages). */
  accountSettings: AccountSettingsService;
  /** Server → browser push to one signed-in account, outside any room (every open tab). */
  accountChannel: AccountChannel;
  /** The notification center: `notify()` stores and pushes over the account channel. */
  notifications: NotificationsService;
  /** ICE servers and TURN credentials for browsers (POST /config). */
  callConfig: CallConfigService;
  /** Error reports from browsers (POST /v1/log). */
  clientLogs: ClientLogService;
  /** Balances, history and every money transfer (a double-entry ledger). */
  wallet: WalletService;
  /** The gift catalogue and giving (in a room, by link, donations); money moves in `wallet`. */
  gifts: GiftsService;
  /** QR call centre: agents of QR-code aliases and visitors' calls (POST /1-1/send). */
  qrCalls: QrCallsService;
  /** The public watch page: rooms on air, playback tokens, HLS files, viewer counts. */
  live: LiveService;
  /** Recordings of live rooms, owned by the events' owners (GET /api/recordings). */
  recordings: RecordingsService;
  /** Saved live-stream destinations ("linked stream servers") and where streams may go. */
  streaming: StreamingService;
  /** Room whiteboards stored with their events, and the personal drawings of /draw. */
  whiteboards: WhiteboardsService;
  /** The studio of events (badge, logo, scene, text, layout) and the accounts' defaults. */
  studio: StudioService;
}

export interface ServiceDeps {
  config: Config;
  store: Store;
  mailer: Mailer;
  log: Logger;
  /** Default: one node, everything in this process. */
  cluster?: Cluster;
}

export function createServices(deps: ServiceDeps): Services {
  const cluster = deps.cluster ?? localCluster();
  const { counters } = cluster;
  const accounts = new AccountsService({
    config: deps.config,
    db: deps.store.db,
    mailer: deps.mailer,
    log: deps.log,
    counters,
  });
  const secrets = new Secrets(deps.store.db);
  const accountChannel = new AccountChannel({ cluster });
  const notifications = new NotificationsService({
    db: deps.store.db,
    log: deps.log,
    channel: accountChannel,
  });
  const events = new EventsService({
    config: deps.config,
    db: deps.store.db,
    mailer: deps.mailer,
    log: deps.log,
    secrets,
    notifications,
    counters,
  });
  // The list shows the owner's name: a changed account drops the owner's cached lists.
  accounts.onAccountChange((accountId) => events.forgetLists(accountId));
  const chat = new ChatService({ db: deps.store.db, log: deps.log });
  const signal = new SignalAuthService({ db: deps.store.db, events, secrets });
  const storage = new StorageService({
    config: deps.config,
    db: deps.store.db,
    log: deps.log,
    signal,
    secrets,
  });
  const wallet = new WalletService({
    db: deps.store.db,
    log: deps.log,
    secrets,
    accounts: accounts.store,
  });
  const roomOwners = cluster.leases.shared
    ? new RoomOwnerClient({
        leases: cluster.leases,
        secret: () => secrets.get('join_ticket_key'),
        log: deps.log,
      })
    : null;
  const live = new LiveService({
    db: deps.store.db,
    secrets,
    verifyJoinTicket: (ticket) => events.verifyJoinTicket(ticket),
    hlsDir: deps.config.egress.hlsDir,
    log: deps.log,
    counters,
    cluster,
    ...(roomOwners ? { owners: roomOwners } : {}),
  });
  return {
    live,
    whiteboards: new WhiteboardsService({ db: deps.store.db, log: deps.log }),
    ...deps,
    cluster,
    roomOwners,
    tokens: accounts.tokens,
    accounts,
    secrets,
    events,
    chat,
    signal,
    storage,
    socialSignIn: new SocialSignInService({
      config: deps.config,
      db: deps.store.db,
      accounts: accounts.store,
      tokens: accounts.tokens,
      log: deps.log,
    }),
    domains: new DomainsService({
      db: deps.store.db,
      config: deps.config,
      accounts,
      log: deps.log,
    }),
    accountSettings: new AccountSettingsService({
      db: deps.store.db,
      accounts,
      storage,
      log: deps.log,
    }),
    accountChannel,
    notifications,
    callConfig: new CallConfigService(deps.config.ice),
    clientLogs: new ClientLogService({ db: deps.store.db, log: deps.log }),
    wallet,
    gifts: new GiftsService({ db: deps.store.db, log: deps.log, wallet, notifications }),
    qrCalls: new QrCallsService({
      config: deps.config,
      db: deps.store.db,
      log: deps.log,
      secrets,
      channel: accountChannel,
      notifications,
      counters,
      cluster,
    }),
    recordings: new RecordingsService({
      db: deps.store.db,
      dir: deps.config.egress.recordingsDir,
      secrets,
      log: deps.log,
    }),
    streaming: new StreamingService({
      config: deps.config.streaming,
      db: deps.store.db,
      log: deps.log,
    }),
    studio: new StudioService({ db: deps.store.db, log: deps.log, storage }),
  };
}
