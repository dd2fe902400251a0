import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import {
  ACCOUNT_SETTINGS_UPDATE_PATH,
  AVATAR_MAX_BYTES,
  AVATAR_UPLOAD_PATH,
  SESSION_REVOKE_PATH,
  SESSIONS_PATH,
  SESSIONS_REVOKE_OTHERS_PATH,
  accountSettingsUpdateRequest,
  sessionRevokeRequest,
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
    url: ACCOUNT_SETTINGS_UPDATE_PATH,
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
      url: AVATAR_UPLOAD_PATH,
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
    url: SESSIONS_PATH,
    auth: 'required',
    input: emptyInput,
    handler: async ({ ctx }): Promise<{ sessions: AccountSessionDto[] }> => ({
      sessions: await ctx.services.accountSettings.sessions(ctx.account),
    }),
  });

  route(app, services, {
    method: 'POST',
    url: SESSION_REVOKE_PATH,
    auth: 'required',
    input: sessionRevokeRequest,
    handler: async ({ ctx, input }): Promise<{ sessions: AccountSessionDto[] }> => ({
      sessions: await ctx.services.accountSettings.revokeSession(ctx.account, input.id),
    }),
  });

  route(app, services, {
    method: 'POST',
    url: SESSIONS_REVOKE_OTHERS_PATH,
    auth: 'required',
    input: emptyInput,
    handler: async ({ ctx }): Promise<{ sessions: AccountSessionDto[] }> => ({
      sessions: await ctx.services.accountSettings.revokeOtherSessions(ctx.account),
    }),
  });
}
