import { PRODUCT_NAME } from '@podium/protocol';

interface MatchLike {
  handle?: unknown;
}

function titleKey(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined;
  const meta = (handle as { meta?: { title?: unknown } }).meta;
  return typeof meta?.title === 'string' ? meta.title : undefined;
}

/** Spec §2: the title comes from the deepest route's meta, default the product name. */
export function pageTitle(matches: readonly MatchLike[], translate: (key: string) => string) {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const key = titleKey(matches[i]?.handle);
    if (key) return `${translate(key)} | ${PRODUCT_NAME}`;
  }
  return PRODUCT_NAME;
}
