export { AccountsService, type ClientMeta } from './accounts.ts';
export type { IssuedTokens } from './tokens.ts';
export { AttemptLimiter } from './rate-limit.ts';
export type { ProfileDto } from './dto.ts';
