/**
 * Whether a feature's view (a flat object) is the protocol's default for it, field by field.
 *
 * A new participant is sent only the feature state that differs from its default: a browser
 * welcomed as a new participant takes every feature back to its default (apps/web, the room
 * features' slices, `FeatureSlice.anew`), so the default needs no message. In a room where nothing
 * else happens those were six messages a join that the bare `ws` room never sends (issue 11 item
 * 5). A resume still gets every state (features/types.ts). A view equal to the default but built
 * apart from it is compared by its fields, so nothing is left out that a browser would show
 * differently.
 */
export function isDefaultView<T extends object>(view: T, byDefault: T): boolean {
  if (view === byDefault) return true;
  const keys = Object.keys(byDefault) as (keyof T)[];
  if (Object.keys(view).length !== keys.length) return false;
  for (const key of keys) if (view[key] !== byDefault[key]) return false;
  return true;
}
