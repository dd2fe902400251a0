/**
 * Every HTTP path the Podium server answers (spec §7), one object per domain. The server
 * registers its routes with these and the web app calls them with these, so neither side can
 * rename a path alone; `packages/server/test/api-paths.test.ts` checks that the server's routes
 * and this table are the same set.
 *
 * A path with a parameter is written as the route pattern (`/api/storage/file/:id`); callers
 * fill it with `pathTo(pattern, { id })`. Web-app routes (pages) are not here: they live in the
 * web's router (`apps/web/src/shared/routing/paths.ts`).
 */
export const apiPaths = {
  health: {
    live: '/healthz',
    ready: '/readyz',
  },
  /** Sign-up, activation and passwords (spec §7 "Account"). */
  account: {
    signup: '/api/v1/user/signup',
    confirmEmail: '/api/v1/user/confirm-email',
    resendEmail: '/api/v1/user/resend-email',
    phoneResend: '/api/account/phone/resend',
    phoneVerify: '/api/account/phone/verify',
    changePassword: '/api/v1/user/change-password',
    setPassword: '/api/account/set-pwd',
    resetPassword: '/api/v1/user/reset-password',
    forgotPasswordReset: '/api/account/forgot-pwd/reset',
    details: '/api/account/details',
    profileUpdate: '/api/account/profile/update',
    conferenceSettingUpdate: '/api/account/setting/conference/update',
    settingsUpdate: '/api/account/setting/update',
    /** Multipart, one `file` part (see AVATAR_MAX_BYTES). */
    avatarUpload: '/api/account/avatar/upload',
    sessions: '/api/account/sessions',
    sessionRevoke: '/api/account/sessions/revoke',
    sessionsRevokeOthers: '/api/account/sessions/revoke-others',
  },
  /** Signing in and out with the account's own credentials. */
  session: {
    login: '/api/v1/user/session/new',
    renew: '/api/v1/user/session/renew',
    /** DELETE signs this session out. */
    logout: '/api/v1/user/session',
  },
  socialSignIn: {
    providers: '/api/v1/auth/providers',
    start: '/api/v1/auth/google/new',
    /** Every provider's code comes back here; the body names the provider. */
    callback: '/api/v1/auth/google/callback',
    googleIdToken: '/api/account/login/gg',
    facebookIdToken: '/api/account/login/fb',
    linkedAccounts: '/api/account/linked-accounts',
    unlink: '/api/account/linked-accounts/unlink',
  },
  /** Events, conferences and QR-code aliases (spec §7 "QR code/conference", "Participants"). */
  events: {
    create: '/api/account/qrcode/create',
    update: '/api/account/qrcode/update',
    /** DELETE. */
    remove: '/api/account/qrcode/delete',
    list: '/api/account/qrcode/list/conference',
    hostUrl: '/api/account/qrcode/host/url',
    participantAdd: '/api/account/qrcode/participant/add',
    participantList: '/api/account/qrcode/participant/list',
    participantRemove: '/api/account/qrcode/participant/remove',
    participantUrl: '/api/account/qrcode/participant/url',
    shortDetail: '/api/quickom/qrcode/short-detail',
    detail: '/api/quickom/qrcode/detail',
    verifyCall: '/api/quickom/qrcode/verify-call',
    calendar: '/api/quickom/qrcode/calendar',
  },
  qrCalls: {
    send: '/1-1/send',
  },
  /** The live-room and account socket (spec §7 "Signal"). */
  signal: {
    /** Socket credentials for `hello`. */
    auth: '/member/v1/auth',
    socket: '/socket/member/v1',
  },
  storage: {
    /** Multipart, one `file` field and an optional `room` alias id. */
    upload: '/api/storage/upload-file',
    file: '/api/storage/file/:id',
    /** A short-lived signed link of a chat file, for someone who may see it (storage-links.ts). */
    fileLink: '/api/storage/file-link',
  },
  config: {
    call: '/config',
  },
  logger: {
    clientLog: '/v1/log',
  },
  wallet: {
    list: '/api/account/wallet/list',
    transfers: '/api/account/wallet/transfers',
    /** Development tools only (DEV_TOOLS). */
    devCredit: '/api/dev/wallet/credit',
  },
  /** The personal board of /draw (api/drawings.ts): GET it, POST replaces it. */
  drawing: {
    mine: '/api/account/drawing',
  },
  /** The event owner's recordings (api/recordings.ts). */
  recordings: {
    list: '/api/recordings',
    item: '/api/recordings/:id',
    file: '/api/recordings/:id/file',
    link: '/api/recordings/:id/link',
  },
  /** The public watch page /live/{alias} (api/live.ts): its status and playback tokens. */
  live: {
    status: '/api/live/status',
    playback: '/api/live/playback',
    /** Signed in: one line of the event's audience chat. */
    chat: '/api/live/chat',
    /** The audience chat as Server-Sent Events, outside the API (EventSource; token in query). */
    chatEvents: '/live/:alias/chat/events',
  },
  /**
   * A room's HLS output as players and CDNs fetch it: plain GETs outside the API, with the
   * playback token in the query (api/live.ts).
   */
  hls: {
    playlist: '/live/:alias/hls/index.m3u8',
    file: '/live/:alias/hls/:run/:file',
  },
  gifts: {
    catalogue: '/api/gifts',
    recipient: '/api/gifts/recipient',
    give: '/api/gifts/give',
    send: '/api/gifts/send',
    donate: '/api/gifts/donate',
  },
  /** Saved live-stream destinations of the account ("linked stream servers", api/streaming.ts). */
  streaming: {
    list: '/api/account/stream-servers',
    create: '/api/account/stream-servers/create',
    update: '/api/account/stream-servers/update',
    /** DELETE. */
    remove: '/api/account/stream-servers/delete',
  },
  /** The studio (api/studio.ts): the account's defaults and studio image uploads. */
  studio: {
    /** GET the defaults; POST `{ studio }` replaces them. */
    defaults: '/api/studio/defaults',
    /** POST multipart: `purpose` (badge | logo | scene), then `file`. */
    images: '/api/studio/images',
  },
  notifications: {
    list: '/api/v1/message/get',
    count: '/api/v1/message/count',
    updateReadStatus: '/api/v1/message/update-read-status',
    delete: '/api/v1/message/delete',
  },
  domain: {
    find: '/member/v1/find-domain',
    list: '/list.json',
  },
  enterprise: {
    loginTts: '/apiv1/enterprise/login-tts',
    statusUpdate: '/apiv1/enterprise/status/update',
  },
  graphql: {
    v1: '/graphql/v1',
  },
  /** Development tools only (DEV_TOOLS): the captured mail. */
  dev: {
    outbox: '/dev/outbox',
    outboxJson: '/dev/outbox.json',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
/** Any path of `apiPaths`, as its route pattern. */
export type ApiPath = Leaves<typeof apiPaths>;

/** The names of the `:name` parameters of a route pattern. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Every path of `apiPaths`, as route patterns (for tools and the route test). */
export function allApiPaths(): ApiPath[] {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') out.push(node);
    else if (node && typeof node === 'object') for (const value of Object.values(node)) walk(value);
  };
  walk(apiPaths);
  return out as ApiPath[];
}

/** A route pattern with its parameters filled in, each URL-encoded: `pathTo(apiPaths.storage.file, { id })`. */
export function pathTo<P extends ApiPath>(
  pattern: P,
  params: Record<PathParams<P>, string>,
): string {
  return pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = (params as Record<string, string>)[name];
    if (value === undefined) throw new Error(`pathTo: no value for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });
}
