export { SocialSignInService, oauthError } from './service.ts';
export { loadOAuthConfig, type OAuthConfig, type OAuthProviderConfig } from './config.ts';
export { ProviderClient, ProviderFailure, type VerifiedIdentity } from './provider-client.ts';
