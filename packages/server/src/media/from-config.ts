import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { MediaServerOptions } from './media-server.ts';

/** MediaServer options for the running product, from the server's Config. */
export function mediaServerOptionsFromConfig(config: Config, logger: Logger): MediaServerOptions {
  const media = config.media;
  return {
    logger: logger.child({ component: 'media' }),
    janusBin: media.janusBin,
    wsPort: media.wsPort,
    rtpPortRange: media.rtpPortRange,
    ...(media.publicIp ? { publicIp: media.publicIp } : {}),
    network: media.netns
      ? { mode: 'netns', netns: media.netns }
      : { mode: 'host', ...(media.iceInterface ? { iceInterface: media.iceInterface } : {}) },
    // The generated config holds secrets: keep it beside the data, or in a private temp folder
    // when the data lives in memory.
    workDir: config.dataDir.startsWith('memory://')
      ? path.join(os.tmpdir(), 'podium-media')
      : path.join(config.dataDir, 'media'),
  };
}
