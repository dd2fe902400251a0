import {
  WHITEBOARD_MAX_BOARD_CHARS,
  WHITEBOARD_MAX_ELEMENTS,
  orderElements,
  reconcile,
  type WhiteboardElement,
} from '@podium/protocol';

/**
 * A room's board: its elements by id, reconciled with Excalidraw's rule (the protocol's pure
 * `reconcile`), within the board's bounds (element count with tombstones, JSON size). An update
 * that would cross a bound is refused whole, so the board never holds half of someone's change.
 */
export class Board {
  #elements: Map<string, WhiteboardElement>;
  #sizes = new Map<string, number>();
  #chars = 0;

  constructor(elements: readonly WhiteboardElement[] = []) {
    this.#elements = new Map(elements.map((e) => [e.id, e]));
    for (const e of this.#elements.values()) this.#measure(e);
  }

  get size(): number {
    return this.#elements.size;
  }

  /** The board in z-order (tombstones included: a joiner needs them too). */
  elements(): WhiteboardElement[] {
    return orderElements(this.#elements.values());
  }

  /** Reconciles `incoming`: the elements that changed the board, or `full` past a bound. */
  apply(
    incoming: readonly WhiteboardElement[],
  ): { ok: true; accepted: WhiteboardElement[] } | { ok: false } {
    const { board, accepted } = reconcile(this.#elements, incoming);
    if (accepted.length === 0) return { ok: true, accepted };
    let chars = this.#chars;
    const sizes = new Map<string, number>();
    for (const e of accepted) {
      const size = JSON.stringify(e).length;
      chars += size - (sizes.get(e.id) ?? this.#sizes.get(e.id) ?? 0);
      sizes.set(e.id, size);
    }
    // A board at its bound may still change or delete what it has; it only refuses growth.
    const grows = board.size > this.#elements.size || chars > this.#chars;
    if (grows && (board.size > WHITEBOARD_MAX_ELEMENTS || chars > WHITEBOARD_MAX_BOARD_CHARS)) {
      return { ok: false };
    }
    this.#elements = board;
    for (const [id, size] of sizes) this.#sizes.set(id, size);
    this.#chars = chars;
    return { ok: true, accepted };
  }

  #measure(e: WhiteboardElement): void {
    const size = JSON.stringify(e).length;
    this.#chars += size - (this.#sizes.get(e.id) ?? 0);
    this.#sizes.set(e.id, size);
  }
}
