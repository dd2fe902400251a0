import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { EgressSupervisor } from './supervisor.ts';

export interface EgressRuntimeDeps {
  /** Mints the recorder's credentials for one room (services.signal.issueRecorder). */
  recorderCredentials(roomId: string): Promise<string>;
  /** Where this server listens, once it does (the recorder page is served from there). */
  address(): AddressInfo | string | null;
}

/**
 * The egress of a running Podium server, or undefined when it is off or cannot run here
 * (recording and streaming are then refused clearly through NO_EGRESS). The egress process
 * itself starts with the first session.
 */
/** Where the recorder page reaches the server and the egress: loopback, or the namespace's host side. */
export function egressIngestHost(config: Config): string {
  return config.media.netns?.hostIp ?? '127.0.0.1';
}

export function startEgressRuntime(
  config: Config,
  logger: Logger,
  deps: EgressRuntimeDeps,
): EgressSupervisor | undefined {
  const log = logger.child({ component: 'egress' });
  if (!config.egress.enabled) {
    log.info('egress is off (EGRESS_ENABLED=0): recording and live streaming are unavailable');
    return undefined;
  }
  const missing = [
    fs.existsSync(config.egress.chromiumBin) ? null : config.egress.chromiumBin,
    spawnSync(config.egress.ffmpegBin, ['-version'], { stdio: 'ignore' }).status === 0
      ? null
      : config.egress.ffmpegBin,
  ].filter(Boolean);
  if (missing.length) {
    log.error(
      { missing },
      'egress cannot run without Chromium and ffmpeg: recording is unavailable',
    );
    return undefined;
  }
  // Chromium runs where Janus runs: Janus never gathers ICE candidates on loopback.
  const netns = config.media.netns
    ? { name: config.media.netns.name, hostIp: config.media.netns.hostIp }
    : undefined;
  const host = egressIngestHost(config);
  return EgressSupervisor.create({
    ffmpegBin: config.egress.ffmpegBin,
    chromiumBin: config.egress.chromiumBin,
    ingestHost: host,
    netns,
    log: logger,
    recorderPage: async (roomId, ingestUrl, size) => {
      const address = deps.address();
      if (!address || typeof address === 'string') throw new Error('the server is not listening');
      const credentials = await deps.recorderCredentials(roomId);
      const fragment = new URLSearchParams({
        c: credentials,
        i: ingestUrl,
        w: String(size.width),
        h: String(size.height),
      });
      // SECURITY: the credentials ride in the fragment, which no server ever receives or logs.
      return `http://${host}:${address.port}/egress/${encodeURIComponent(roomId)}#${fragment}`;
    },
  });
}
