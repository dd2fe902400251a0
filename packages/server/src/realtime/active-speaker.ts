/**
 * Who holds the floor, from the media server's talking / stopped-talking reports (which already
 * average the audio level over a couple of seconds, so no extra smoothing here). Pure.
 *
 * - Whoever starts talking becomes the active speaker.
 * - When the active speaker stops, the most recent one still talking takes over; when nobody
 *   else is talking, the last speaker keeps the stage (silence does not empty it).
 * - When the active speaker is gone (left, stopped publishing), the most recent one still
 *   talking takes over, else nobody.
 */
export class SpeakerTracker {
  /** Talking now, in the order they started (the most recent last). */
  #talking: string[] = [];
  #current: string | null = null;

  get current(): string | null {
    return this.#current;
  }

  /** Applies a report; true when the active speaker changed. */
  talking(participantId: string, talking: boolean): boolean {
    this.#talking = this.#talking.filter((id) => id !== participantId);
    if (talking) {
      this.#talking.push(participantId);
      return this.#set(participantId);
    }
    if (this.#current === participantId && this.#talking.length > 0) {
      return this.#set(this.#talking[this.#talking.length - 1]!);
    }
    return false;
  }

  /** The participant left or stopped publishing; true when the active speaker changed. */
  gone(participantId: string): boolean {
    this.#talking = this.#talking.filter((id) => id !== participantId);
    if (this.#current !== participantId) return false;
    return this.#set(this.#talking[this.#talking.length - 1] ?? null);
  }

  #set(next: string | null): boolean {
    if (next === this.#current) return false;
    this.#current = next;
    return true;
  }
}
