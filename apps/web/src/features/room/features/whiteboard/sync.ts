import {
  SIGNALING_MAX_MESSAGE_BYTES,
  WHITEBOARD_ELEMENT_TYPES,
  WHITEBOARD_MAX_ELEMENT_CHARS,
  WHITEBOARD_MAX_UPDATE_ELEMENTS,
  type WhiteboardElement,
} from '@podium/protocol';

/** The least an Excalidraw element has that the sync reads. */
export interface SceneElement {
  readonly id: string;
  readonly type: string;
  readonly version: number;
}

/** How often a drawing person's changes go out (the server allows 20 updates a second). */
export const WHITEBOARD_SEND_EVERY_MS = 100;
/** Room in a frame for the envelope around the elements. */
const FRAME_BUDGET = SIGNALING_MAX_MESSAGE_BYTES - 2048;
const SYNCED_TYPES: ReadonlySet<string> = new Set(WHITEBOARD_ELEMENT_TYPES);

/**
 * What of a scene goes to the room (Excalidraw's collab Portal: only elements whose version grew
 * since they were last sent or received), split into frames the socket accepts. Images and
 * embeds are never sent (the board does not carry them); an element too large for the board is
 * left out rather than refused with the rest. Framework-free: Board.tsx feeds it scenes and it
 * hands batches to `send`.
 */
export class WhiteboardSync {
  readonly #known = new Map<string, number>();
  readonly #send: (elements: WhiteboardElement[]) => void;

  constructor(send: (elements: WhiteboardElement[]) => void) {
    this.#send = send;
  }

  /** Elements that came from the room: never echoed back. */
  seen(elements: readonly SceneElement[]): void {
    for (const e of elements) {
      if (e.version > (this.#known.get(e.id) ?? 0)) this.#known.set(e.id, e.version);
    }
  }

  /** The elements of `scene` to send now (and remembers them as sent). */
  changes(scene: readonly SceneElement[]): WhiteboardElement[] {
    const out: WhiteboardElement[] = [];
    for (const e of scene) {
      if (!SYNCED_TYPES.has(e.type) || e.version <= (this.#known.get(e.id) ?? 0)) continue;
      this.#known.set(e.id, e.version);
      if (JSON.stringify(e).length > WHITEBOARD_MAX_ELEMENT_CHARS) continue;
      // The scene's elements are Excalidraw's own objects, which the protocol's shape describes.
      out.push(e as unknown as WhiteboardElement);
    }
    return out;
  }

  /** Sends what changed in `scene`, in frames within the socket's bound. */
  push(scene: readonly SceneElement[]): void {
    for (const batch of frames(this.changes(scene))) this.#send(batch);
  }
}

/** Splits elements into batches that each fit one frame and one update's element bound. */
export function frames(elements: readonly WhiteboardElement[]): WhiteboardElement[][] {
  const out: WhiteboardElement[][] = [];
  let batch: WhiteboardElement[] = [];
  let size = 0;
  for (const e of elements) {
    const n = JSON.stringify(e).length + 1;
    if (
      batch.length > 0 &&
      (size + n > FRAME_BUDGET || batch.length >= WHITEBOARD_MAX_UPDATE_ELEMENTS)
    ) {
      out.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(e);
    size += n;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}
