import type { FastifyInstance } from 'fastify';
import { conferenceSettingRequest, type AccountDto } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { detailsRequest, profileUpdateInput } from './profile.schema.ts';

export function profileRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: '/api/account/details',
    auth: 'required',
    input: detailsRequest,
    handler: ({ ctx }): Promise<AccountDto> => ctx.services.accounts.details(ctx.account),
  });

  route(app, services, {
    method: 'POST',
    url: '/api/account/profile/update',
    auth: 'required',
    input: profileUpdateInput,
    handler: ({ ctx, input }): Promise<AccountDto> =>
      ctx.services.accounts.updateProfile(ctx.account, input),
  });

  route(app, services, {
    method: 'POST',
    url: '/api/account/setting/conference/update',
    auth: 'required',
    input: conferenceSettingRequest,
    handler: ({ ctx, input }): Promise<AccountDto> =>
      ctx.services.accounts.setConferenceMode(ctx.account, input.conference_mode),
  });
}
