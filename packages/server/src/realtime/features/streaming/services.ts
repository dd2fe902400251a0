import type { StreamMessageKey } from '@podium/protocol';
import type { StreamTarget } from '../../../services/streaming/index.ts';

/** What the streaming feature needs of the services (handed over as `FeatureDeps.streaming`). */
export interface StreamDestinations {
  /** Retry policy and limits from the configuration. */
  readonly config: { readonly retryMax: number; readonly retryBaseMs: number };
  /** A saved destination of this account, key opened; null when not theirs or gone. */
  target(accountId: string, serverId: string): Promise<StreamTarget | null>;
  /** Null when a stream may be pushed to this URL's host (checked again at every start). */
  hostProblem(url: string): Promise<StreamMessageKey | null>;
}
