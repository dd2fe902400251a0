import type { FastifyReply, FastifyRequest } from 'fastify';
import mercurius from 'mercurius';
import { ErrorCode, serverMessages } from '@podium/protocol';
import type { AttemptCounter, SharedCounters } from '../cluster/ports.ts';

const MINUTE_MS = 60_000;

/**
 * SECURITY: requests to /graphql/v1 per client address and per signed-in account, each in a
 * one-minute window (issue 10). The address is counted first, before the token costs a
 * database look-up; the account second, so one account cannot spread a flood over many
 * addresses, nor one address over many accounts.
 *
 * Not @fastify/rate-limit: it runs one limiter per request (a second hook on the same request
 * returns at once), and both keys must count. This is the project's limiter of the sign-in
 * endpoints, counted where theirs are (this process, or every node with REDIS_URL).
 */
export class GraphQLRateLimit {
  readonly #perAddress: AttemptCounter;
  readonly #perAccount: AttemptCounter;

  constructor(options: {
    perAddressPerMinute: number;
    perAccountPerMinute: number;
    counters: SharedCounters;
  }) {
    this.#perAddress = options.counters.attempts('graphql-address', {
      max: options.perAddressPerMinute,
      windowMs: MINUTE_MS,
    });
    this.#perAccount = options.counters.attempts('graphql-account', {
      max: options.perAccountPerMinute,
      windowMs: MINUTE_MS,
    });
  }

  /** Counts the request for its address; throws the 429 when the address is over its limit. */
  async address(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    refuseAfter(await this.#perAddress.consume(`ip:${request.ip}`), reply);
  }

  /** Counts the request for its account (when signed in); throws the 429 when over. */
  async account(accountId: string | null, reply: FastifyReply): Promise<void> {
    if (accountId) refuseAfter(await this.#perAccount.consume(`acct:${accountId}`), reply);
  }
}

/** The 429 in GraphQL's shape (mercurius formats it): message, code, key and Retry-After. */
function refuseAfter(waitSeconds: number, reply: FastifyReply): void {
  if (waitSeconds <= 0) return;
  reply.header('retry-after', String(waitSeconds));
  throw new mercurius.ErrorWithProps(
    serverMessages['errors.too_many'],
    { code: ErrorCode.TooManyRequests, key: 'errors.too_many' },
    429,
  );
}
