import type { FastifyInstance } from 'fastify';
import { type AccountDetailsDto, apiPaths, conferenceSettingRequest } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { detailsRequest, profileUpdateInput } from './profile.schema.ts';

export function profileRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.account.details,
    auth: 'required',
    input: detailsRequest,
    // The account plus its settings (additive to the account of every other endpoint).
    handler: ({ ctx }): Promise<AccountDetailsDto> =>
      ctx.services.accountSettings.details(ctx.account),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.account.profileUpdate,
    auth: 'required',
    input: profileUpdateInput,
    handler: async ({ ctx, input }): Promise<AccountDetailsDto> => {
      await ctx.services.accounts.updateProfile(ctx.account, input);
      return ctx.services.accountSettings.details(ctx.account);
    },
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.account.conferenceSettingUpdate,
    auth: 'required',
    input: conferenceSettingRequest,
    handler: async ({ ctx, input }): Promise<AccountDetailsDto> => {
      await ctx.services.accounts.setConferenceMode(ctx.account, input.conference_mode);
      return ctx.services.accountSettings.details(ctx.account);
    },
  });
}
