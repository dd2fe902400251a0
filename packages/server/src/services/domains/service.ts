import { and, asc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  ErrorCode,
  domainMessages,
  type DomainEnvironment,
  type EnterpriseLoginResponse,
  type EnterpriseStatus,
  type EnterpriseStatusResponse,
  type FindDomainResponse,
  type ListJson,
} from '@podium/protocol';
import type { Config } from '../../config.ts';
import type { Db } from '../../store/db.ts';
import {
  enterpriseDomains,
  enterpriseMemberStatus,
  type EnterpriseDomainRow,
} from '../../store/schema.ts';
import type { AuthAccount } from '../auth-account.ts';
import type { AccountsService, ClientMeta } from '../accounts/index.ts';
import { AppError, unauthorized } from '../../shared/errors.ts';

export const domainUnknown = () =>
  new AppError(404, ErrorCode.NotFound, domainMessages['errors.domain_unknown'], {
    key: 'errors.domain_unknown',
  });
const notMember = () =>
  new AppError(403, ErrorCode.Forbidden, domainMessages['errors.enterprise_not_member'], {
    key: 'errors.enterprise_not_member',
  });

export interface DomainInput {
  domain: string;
  name?: string | null | undefined;
  environment: DomainEnvironment;
}

function toEnvironment(row: EnterpriseDomainRow): DomainEnvironment {
  return {
    MAIN_DOMAIN: row.mainDomain,
    ACC_API_URL: row.accApiUrl,
    WEBRTC_BASE_API_URL: row.webrtcBaseApiUrl,
    CONFERENCE_API_URL: row.conferenceApiUrl,
    SIGNAL_CONTROLLER: row.signalController,
  };
}

/**
 * Whether an account belongs to an organization: its verified email is at the organization's
 * domain or a subdomain of it. The address proves membership; nothing else needs maintaining.
 */
export function isMemberEmail(email: string | null, verified: boolean, domain: string): boolean {
  if (!email || !verified) return false;
  const host = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

/** The operator's organization domains; shared by the server and the CLI. */
export class DomainRegistry {
  #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async #row(domain: string): Promise<EnterpriseDomainRow | undefined> {
    const rows = await this.#db
      .select()
      .from(enterpriseDomains)
      .where(eq(enterpriseDomains.domain, domain))
      .limit(1);
    return rows[0];
  }

  /**
   * The domain or, for a host under a registered domain (`meet.acme.com`), the nearest parent
   * that is registered.
   */
  async find(domain: string): Promise<FindDomainResponse> {
    const labels = domain.split('.');
    const candidates = labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
    for (const candidate of candidates) {
      const row = await this.#row(candidate);
      if (row) return { domain: row.domain, name: row.name, environment: toEnvironment(row) };
    }
    throw domainUnknown();
  }

  async list(): Promise<FindDomainResponse[]> {
    const rows = await this.#db
      .select()
      .from(enterpriseDomains)
      .orderBy(asc(enterpriseDomains.domain));
    return rows.map((row) => ({
      domain: row.domain,
      name: row.name,
      environment: toEnvironment(row),
    }));
  }

  /** Adds a domain or replaces its environment. */
  async upsert(input: DomainInput): Promise<FindDomainResponse> {
    const values = {
      domain: input.domain,
      name: input.name ?? null,
      mainDomain: input.environment.MAIN_DOMAIN,
      accApiUrl: input.environment.ACC_API_URL,
      webrtcBaseApiUrl: input.environment.WEBRTC_BASE_API_URL,
      conferenceApiUrl: input.environment.CONFERENCE_API_URL,
      signalController: input.environment.SIGNAL_CONTROLLER,
    };
    const { domain, ...rest } = values;
    await this.#db
      .insert(enterpriseDomains)
      .values(values)
      .onConflictDoUpdate({
        target: enterpriseDomains.domain,
        set: { ...rest, updatedAt: sql`now()` },
      });
    return this.find(domain);
  }

  async remove(domain: string): Promise<boolean> {
    const rows = await this.#db
      .delete(enterpriseDomains)
      .where(eq(enterpriseDomains.domain, domain))
      .returning({ domain: enterpriseDomains.domain });
    return rows.length > 0;
  }
}

/**
 * Organization domains (spec §2 /domain, §4, §7): the operator registers them (CLI), the web app
 * finds one and saves its environment; members sign in and publish their availability.
 */
export class DomainsService {
  readonly registry: DomainRegistry;
  #db: Db;
  #config: Config;
  #accounts: AccountsService;
  #log: Logger;

  constructor(options: { db: Db; config: Config; accounts: AccountsService; log: Logger }) {
    this.#db = options.db;
    this.registry = new DomainRegistry(options.db);
    this.#config = options.config;
    this.#accounts = options.accounts;
    this.#log = options.log.child({ service: 'domains' });
  }

  find(domain: string): Promise<FindDomainResponse> {
    return this.registry.find(domain);
  }

  /** The environment pointing at this server (what `GET /list.json` publishes, spec §3). */
  ownEnvironment(): DomainEnvironment {
    const base = this.#config.publicUrl;
    return {
      MAIN_DOMAIN: base,
      ACC_API_URL: base,
      WEBRTC_BASE_API_URL: base,
      CONFERENCE_API_URL: base,
      SIGNAL_CONTROLLER: base.replace(/^http/, 'ws'),
    };
  }

  listJson(): ListJson {
    const env = this.ownEnvironment();
    return {
      ACC_API: env.ACC_API_URL,
      CALL_CONFIG: env.WEBRTC_BASE_API_URL,
      CONFERENCE_API: env.CONFERENCE_API_URL,
      SIGNAL_CONTROLLER: env.SIGNAL_CONTROLLER,
    };
  }

  /**
   * `POST /apiv1/enterprise/login-tts`: signing in to an organization. The spec names the call
   * only; here it is a password sign-in (same limits as /login) that also requires the account
   * to be a member (verified email at the domain), answered with the organization environment.
   */
  async enterpriseLogin(
    input: { domain: string; username: string; password: string },
    meta: ClientMeta,
  ): Promise<EnterpriseLoginResponse> {
    const found = await this.find(input.domain);
    const login = await this.#accounts.login(input.username, input.password, meta);
    if (!isMemberEmail(login.account.email, login.account.email_verified, found.domain)) {
      // The session just issued must not outlive the refusal.
      const auth = await this.#accounts.tokens.authenticate(login.authorization);
      if (auth) await this.#accounts.logout(auth);
      this.#log.info({ accountId: login.account.id, domain: found.domain }, 'not a member');
      throw notMember();
    }
    const status = await this.#setStatus(found.domain, login.account.id, 'online');
    return {
      ...login,
      domain: found.domain,
      environment: found.environment,
      member_status: status.status,
    };
  }

  /** `POST /apiv1/enterprise/status/update` (T): the member's availability. */
  async updateStatus(
    auth: AuthAccount,
    domain: string,
    status: EnterpriseStatus,
  ): Promise<EnterpriseStatusResponse> {
    const found = await this.find(domain);
    const account = await this.#accounts.store.byId(auth.id);
    if (!account) throw unauthorized();
    if (!isMemberEmail(account.email, account.emailVerified, found.domain)) throw notMember();
    return this.#setStatus(found.domain, auth.id, status);
  }

  async #setStatus(
    domain: string,
    accountId: string,
    status: EnterpriseStatus,
  ): Promise<EnterpriseStatusResponse> {
    const rows = await this.#db
      .insert(enterpriseMemberStatus)
      .values({ domain, accountId, status })
      .onConflictDoUpdate({
        target: [enterpriseMemberStatus.domain, enterpriseMemberStatus.accountId],
        set: { status, updatedAt: sql`now()` },
      })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('status upsert returned no row');
    return { domain, status: row.status, updated_at: row.updatedAt.toISOString() };
  }

  async memberStatus(domain: string, accountId: string): Promise<EnterpriseStatus | null> {
    const rows = await this.#db
      .select({ status: enterpriseMemberStatus.status })
      .from(enterpriseMemberStatus)
      .where(
        and(
          eq(enterpriseMemberStatus.domain, domain),
          eq(enterpriseMemberStatus.accountId, accountId),
        ),
      )
      .limit(1);
    return rows[0]?.status ?? null;
  }
}
