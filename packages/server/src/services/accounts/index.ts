export { AccountsService, type ClientMeta } from './accounts.ts';
export { TokenService, tokenDigest, type IssuedTokens } from './tokens.ts';
export { CodeService, CODE_MAX_ATTEMPTS, generateCode } from './codes.ts';
export { AttemptLimiter } from './rate-limit.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { toAccountDto, toProfile, type ProfileDto } from './dto.ts';
