import type { FastifyReply } from 'fastify';
import { TooManyAttempts } from '../../services/accounts/errors.ts';

/** Runs `work`; a rate-limit refusal also tells the client when to retry (Retry-After). */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyAttempts) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}
