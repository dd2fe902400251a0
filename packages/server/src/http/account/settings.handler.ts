import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  accountSettingsUpdateRequest,
  sessionRevokeRequest,
  apiPaths,
  type AccountDetailsDto,
  type AccountSessionDto,
} from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { fileTooLarge, noFile } from '../../services/storage/errors.ts';
import { route } from '../route.ts';
import { cappedParts } from '../storage/upload.handler.ts';
import { MULTIPART_OVERHEAD_BYTES, multipartLimits } from '../storage/upload.schema.ts';
import { avatarUploadInput, emptyInput } from './settings.schema.ts';

/** The settings pages: preferences, avatar upload and signed-in sessions. */
export function settingsRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.account.settingsUpdate,
    auth: 'required',
    input: accountSettingsUpdateRequest,
    handler: ({ ctx, input }): Promise<AccountDetailsDto> =>
      ctx.services.accountSettings.update(ctx.account, input),
  });

  // Multipart parsing only in the avatar's scope, cut off one byte past the avatar limit.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: multipartLimits(AVATAR_MAX_BYTES),
      throwFileSizeLimit: false,
    });
    route(scope, services, {
      method: 'POST',
      url: apiPaths.account.avatarUpload,
      auth: 'required',
      input: avatarUploadInput,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      handler: ({ ctx }): Promise<AccountDetailsDto> => {
        if (!ctx.request.isMultipart()) throw noFile();
        const cap = AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;
        if (Number(ctx.request.headers['content-length']) > cap) {
          ctx.reply.header('connection', 'close');
          throw fileTooLarge();
        }
        return ctx.services.accountSettings.uploadAvatar(
          ctx.account,
          cappedParts(ctx.request, cap),
        );
      },
    });
  });

  route(app, services, {
    method: 'GET',
    url: apiPaths.account.sessions,
    auth: 'required',
    input: emptyInput,
    handler: async ({ ctx }): Promise<{ sessions: AccountSessionDto[] }> => ({
      sessions: await ctx.services.accountSettings.sessions(ctx.account),
    }),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.account.sessionRevoke,
    auth: 'required',
    input: sessionRevokeRequest,
    handler: async ({ ctx, input }): Promise<{ sessions: AccountSessionDto[] }> => ({
      sessions: await ctx.services.accountSettings.revokeSession(ctx.account, input.id),
    }),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.account.sessionsRevokeOthers,
    auth: 'required',
    input: emptyInput,
    handler: async ({ ctx }): Promise<{ sessions: AccountSessionDto[] }> => ({
      sessions: await ctx.services.accountSettings.revokeOtherSessions(ctx.account),
    }),
  });
}
