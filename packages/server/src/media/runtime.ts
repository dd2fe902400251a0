// The media side of a running Podium server: its Janus instances and the live rooms' media backend.
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { mediaPortRanges, mediaServerOptionsFromConfig } from './from-config.ts';
import { CascadePorts } from './janus-cascade.ts';
import { MediaServer } from './media-server.ts';
import type { JanusEdge } from './room-media-edges.ts';
import { JanusRoomMedia } from './room-media-janus.ts';

export interface MediaRuntime {
  /** The origin Janus: every publisher. */
  server: MediaServer;
  /** Edge Janus instances (JANUS_EDGES) that took their share of the audience; often none. */
  edges: MediaServer[];
  /** What the signaling gateway uses for the live rooms' media. */
  rooms: JanusRoomMedia;
  /** Stops every Janus; call after the live rooms are closed. Idempotent. */
  close(): Promise<void>;
}

/**
 * Starts Janus when media is enabled (MEDIA_ENABLED, default on), inside MEDIA_NETNS when set
 * (created when missing), and JANUS_EDGES further instances beside it. When the first Janus
 * cannot start, Podium still serves everything else: live rooms then answer media requests
 * with "unavailable", and the log says why. An edge that cannot start is left out.
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
  const ranges = mediaPortRanges(config.media.rtpPortRange, config.media.edges);
  const edges: JanusEdge[] = [];
  for (let instance = 1; instance <= config.media.edges; instance++) {
    const cascade = ranges[instance]?.cascade;
    if (!cascade) continue;
    try {
      const edge = await MediaServer.create(mediaServerOptionsFromConfig(config, logger, instance));
      edges.push({ server: edge, ports: new CascadePorts(cascade) });
    } catch (error) {
      log.error({ err: error, edge: instance }, 'an edge Janus could not be started; left out');
    }
  }
  return {
    server,
    edges: edges.map((edge) => edge.server),
    rooms: new JanusRoomMedia({ server, log, ...(edges.length ? { edges } : {}) }),
    close: async () => {
      await Promise.all([server.close(), ...edges.map((edge) => edge.server.close())]);
    },
  };
}
