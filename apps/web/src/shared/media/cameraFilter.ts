/**
 * Something that turns the camera's track into the one that is sent and shown (the virtual
 * background). The room's media hands it each raw camera track and sends what comes back; the
 * filter keeps one output stream while it lives, so a device switch changes only its input.
 */
export interface CameraFilter {
  /** The stream to send and show for `raw` (null: the camera is off, processing pauses). */
  apply(raw: MediaStreamTrack | null): MediaStream | null;
}
