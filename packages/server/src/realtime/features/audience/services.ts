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
}
