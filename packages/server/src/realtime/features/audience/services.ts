import type { AudienceChatMessage } from '@podium/protocol';

/**
 * Where a room's audience stream is written and who watches it: the watch page's side
 * (services/live, LiveService) as the audience feature uses it. Declared here, so the feature
 * needs nothing of the service but this.
 */
export interface AudienceOutputs {
  /** A fresh, empty directory for one start of the room's HLS output, and its run id. */
  prepare(roomId: string): Promise<{ run: string; dir: string }>;
  /** The egress writes the run's playlist: the watch page may play it. */
  onAir(roomId: string, run: string): void;
  /** The run is over: the watch page shows the room offline. */
  offAir(roomId: string, run: string): void;
  /** People watching the room now. */
  viewers(roomId: string): number;
  /** The event's audience chat (services/live/audience-chat.ts). */
  readonly chat: AudienceChatChannel;
}

/** The event's audience chat as the call uses it: its history, writing, new lines. */
export interface AudienceChatChannel {
  recent(roomId: string): Promise<AudienceChatMessage[]>;
  /** Throws AudienceChatTooFast (services/live) past the sender's limit. */
  post(
    roomId: string,
    sender: { identity: string; name: string; from: 'audience' | 'stage' },
    text: string,
  ): Promise<AudienceChatMessage>;
  subscribe(roomId: string, listener: (message: AudienceChatMessage) => void): () => void;
}
