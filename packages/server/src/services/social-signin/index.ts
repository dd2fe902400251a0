export { SocialSignInService } from './service.ts';
export type { OAuthConfig, OAuthProviderConfig } from './config.ts';
export type { VerifiedIdentity } from './provider-client.ts';
