// The media side of a running Podium server: its Janus and the live rooms' media backend.
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { mediaServerOptionsFromConfig } from './from-config.ts';
import { MediaServer } from './media-server.ts';
import { JanusRoomMedia } from './room-media-janus.ts';

export interface MediaRuntime {
  server: MediaServer;
  /** What the signaling gateway uses for the live rooms' media. */
  rooms: JanusRoomMedia;
  /** Stops Janus; call after the live rooms are closed. Idempotent. */
  close(): Promise<void>;
}

/**
 * Starts Janus when media is enabled (MEDIA_ENABLED, default on), inside MEDIA_NETNS when set
 * (created when missing). When Janus cannot start, Podium still serves everything else: live
 * rooms then answer media requests with "unavailable", and the log says why.
 */
export async function startMediaRuntime(
  config: Config,
  logger: Logger,
): Promise<MediaRuntime | undefined> {
  if (!config.media.enabled) {
    logger.info('media is disabled (MEDIA_ENABLED=0): live rooms run without audio and video');
    return undefined;
  }
  const log = logger.child({ component: 'media' });
  let server: MediaServer;
  try {
    server = await MediaServer.create(mediaServerOptionsFromConfig(config, logger));
  } catch (error) {
    log.error(
      { err: error },
      'the media server (Janus) could not be started: live rooms run without audio and video',
    );
    return undefined;
  }
  return { server, rooms: new JanusRoomMedia({ server, log }), close: () => server.close() };
}
