import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { MediaServerOptions } from './media-server.ts';

type PortRange = { min: number; max: number };

/**
 * The RTP range split between the node's Janus instances (0 the origin, 1… the edges; see
 * JANUS_EDGES): equal consecutive shares, an edge's last quarter kept for the port pairs its
 * forwards arrive on (CascadePorts). With no edges the origin has the whole range, as before.
 */
export function mediaPortRanges(
  range: PortRange,
  edges: number,
): { ice: PortRange; cascade: PortRange | undefined }[] {
  const share = Math.floor((range.max - range.min + 1) / (edges + 1));
  return Array.from({ length: edges + 1 }, (_, instance) => {
    const min = range.min + instance * share;
    const max = instance === edges ? range.max : min + share - 1;
    if (instance === 0) return { ice: { min, max }, cascade: undefined };
    const quarter = Math.floor((max - min + 1) / 4);
    return { ice: { min, max: max - quarter }, cascade: { min: max - quarter + 1, max } };
  });
}

/**
 * MediaServer options for the running product, from the server's Config: instance 0 is the
 * origin Janus, 1… the edges (their API on the next ports, their share of the RTP range).
 */
export function mediaServerOptionsFromConfig(
  config: Config,
  logger: Logger,
  instance = 0,
): MediaServerOptions {
  const media = config.media;
  const ranges = mediaPortRanges(media.rtpPortRange, media.edges);
  return {
    logger: logger.child(
      instance === 0 ? { component: 'media' } : { component: 'media', edge: instance },
    ),
    janusBin: media.janusBin,
    wsPort: media.wsPort + instance,
    rtpPortRange: ranges[instance]?.ice ?? media.rtpPortRange,
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
