import { z } from 'zod';
import { LIVE_TOKEN_MAX } from '@podium/protocol';

/** The playback token rides in the query of every HLS request (players cannot add headers). */
export const hlsQuery = z.object({ token: z.string().max(LIVE_TOKEN_MAX).optional() });

/**
 * Path parameters; anything else is a 404 before the service is asked. SECURITY: the service
 * checks the run and file names again against its own patterns and the run's directory.
 */
export const hlsPlaylistParams = z.object({ alias: z.string().min(1).max(200) });
export const hlsFileParams = hlsPlaylistParams.extend({
  run: z.string().min(1).max(64),
  file: z.string().min(1).max(100),
});
