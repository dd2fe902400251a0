export { AccountsService, type ClientMeta } from './accounts.ts';
export type { IssuedTokens } from './tokens.ts';
export type { ProfileDto } from './dto.ts';
