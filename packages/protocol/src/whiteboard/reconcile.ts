/**
 * Excalidraw's reconcile rule (excalidraw `packages/excalidraw/data/reconcile.ts`,
 * `shouldDiscardRemoteElement`), as a pure function of elements alone, for the server's copy of
 * a room's board and for tests. Per element id the copy with the higher `version` wins; at an
 * equal version the lower `versionNonce` wins (the nonce is random per change, so concurrent
 * edits of one element resolve the same way everywhere). Beyond Excalidraw: two different copies
 * with the same version and nonce (possible only in theory) fall to the smaller canonical JSON,
 * so the rule is a total order and the board is the same whatever order updates arrive in.
 *
 * Left out, because only an editing client has them: Excalidraw's preference for an element the
 * local user is editing right now (the browser applies Excalidraw's own `reconcileElements`,
 * which keeps those).
 */

export interface VersionedElement {
  readonly id: string;
  readonly version: number;
  readonly versionNonce: number;
  /** Fractional index (z-order); the board is ordered by it, then by id. */
  readonly index?: string | null | undefined;
}

/** Does `remote` replace `local` (absent: nothing known of that id yet)? */
export function remoteWins<E extends VersionedElement>(local: E | undefined, remote: E): boolean {
  if (!local) return true;
  if (remote.version !== local.version) return remote.version > local.version;
  if (remote.versionNonce !== local.versionNonce) return remote.versionNonce < local.versionNonce;
  if (local === remote) return false;
  return canonicalJson(remote) < canonicalJson(local);
}

/**
 * Applies `incoming` to `board` (not mutated): answers the new board and the elements that
 * changed it, in the order they were accepted (the last copy of an id sent twice).
 */
export function reconcile<E extends VersionedElement>(
  board: ReadonlyMap<string, E>,
  incoming: readonly E[],
): { board: Map<string, E>; accepted: E[] } {
  const next = new Map(board);
  const accepted = new Map<string, E>();
  for (const element of incoming) {
    if (!remoteWins(next.get(element.id), element)) continue;
    next.set(element.id, element);
    accepted.delete(element.id);
    accepted.set(element.id, element);
  }
  return { board: next, accepted: [...accepted.values()] };
}

/** Elements in z-order: by fractional index (absent ones first), ties by id (as Excalidraw). */
export function orderElements<E extends VersionedElement>(elements: Iterable<E>): E[] {
  return [...elements].sort((a, b) => {
    const ai = a.index ?? '';
    const bi = b.index ?? '';
    if (ai !== bi) return ai < bi ? -1 : 1;
    if (a.id === b.id) return 0;
    return a.id < b.id ? -1 : 1;
  });
}

/** JSON with object keys sorted, so equal values give equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}
