import crypto from 'node:crypto';

/** A fresh address per test, so parallel tests and reruns never collide (example.test is reserved). */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}@example.test`;
}

/** A fresh username: letters and digits only, starting with a letter. */
export function uniqueUsername(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36)}${crypto.randomBytes(2).toString('hex')}`;
}

/** A password that satisfies the sign-up rules. */
export const STRONG_PASSWORD = 'Podium-e2e-Passw0rd!';
