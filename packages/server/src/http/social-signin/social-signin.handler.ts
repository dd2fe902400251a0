import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  apiPaths,
  idTokenLoginRequest,
  oauthCallbackRequest,
  type OAuthLoginResponse,
  type OAuthProvider,
  oauthStartRequest,
  unlinkRequest,
} from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { unauthorized } from '../../shared/errors.ts';
import { route } from '../route.ts';
import { emptyRequest } from './social-signin.schema.ts';

/** Sign-in attempts per client address; each one costs the provider a round trip. */
const SIGN_IN_RATE = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** Spec §7: "Google token taken from the response authorization header". */
function withAuthorizationHeader(reply: FastifyReply, result: OAuthLoginResponse) {
  reply.header('authorization', result.authorization);
  return result;
}

export function socialSignInRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.socialSignIn.providers,
    auth: 'none',
    input: emptyRequest,
    handler: async ({ ctx }) => ctx.services.socialSignIn.providers(),
  });

  route(app, services, {
    method: 'GET',
    url: apiPaths.socialSignIn.start,
    auth: 'optional',
    input: oauthStartRequest,
    config: SIGN_IN_RATE,
    handler: async ({ ctx, input }) => {
      // Linking names the account the identity joins, so it needs a signed-in account.
      if (input.link && !ctx.account) throw unauthorized();
      return ctx.services.socialSignIn.start({
        provider: input.provider,
        redirectUri: input.redirect_uri,
        linkTo: input.link ? ctx.account : null,
      });
    },
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.socialSignIn.callback,
    auth: 'none',
    input: oauthCallbackRequest,
    config: SIGN_IN_RATE,
    handler: async ({ ctx, input }) =>
      withAuthorizationHeader(
        ctx.reply,
        await ctx.services.socialSignIn.callback({
          code: input.code,
          state: input.state,
          iss: input.iss,
          provider: input.provider,
          redirectUri: input.redirect_uri,
          referralCode: input.referral_code,
        }),
      ),
  });

  const idTokenLogin = (url: string, provider: OAuthProvider) =>
    route(app, services, {
      method: 'POST',
      url,
      auth: 'none',
      input: idTokenLoginRequest,
      config: SIGN_IN_RATE,
      handler: async ({ ctx, input }) =>
        withAuthorizationHeader(
          ctx.reply,
          await ctx.services.socialSignIn.loginWithIdToken({
            provider,
            idToken: input.id_token,
            nonce: input.nonce,
            referralCode: input.referral_code,
          }),
        ),
    });
  idTokenLogin(apiPaths.socialSignIn.googleIdToken, 'google');
  idTokenLogin(apiPaths.socialSignIn.facebookIdToken, 'facebook');

  route(app, services, {
    method: 'GET',
    url: apiPaths.socialSignIn.linkedAccounts,
    auth: 'required',
    input: emptyRequest,
    handler: async ({ ctx }) => ctx.services.socialSignIn.linkedAccounts(ctx.account),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.socialSignIn.unlink,
    auth: 'required',
    input: unlinkRequest,
    handler: async ({ ctx, input }) =>
      ctx.services.socialSignIn.unlink(ctx.account, input.provider),
  });
}
