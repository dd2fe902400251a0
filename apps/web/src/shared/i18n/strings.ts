/** A tree of translated strings; leaves are i18next strings (with {{interpolation}}). */
export interface StringTree {
  readonly [key: string]: string | StringTree;
}

/** The Vietnamese tree must have exactly the keys of the English one. */
export type SameShape<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : SameShape<T[K]>;
};

export interface FeatureStrings {
  en: StringTree;
  vi: StringTree;
}

/**
 * Each feature declares its strings in `features/<name>/i18n.ts` as
 * `export const strings = defineStrings({ en: {...}, vi: {...} })`, namespaced under its own
 * top-level key; the type makes a missing Vietnamese string a compile error.
 */
export function defineStrings<T extends StringTree>(strings: {
  en: T;
  vi: SameShape<T>;
}): {
  en: T;
  vi: SameShape<T>;
} {
  return strings;
}

function isTree(value: string | StringTree | undefined): value is StringTree {
  return typeof value === 'object' && value !== null;
}

function mergeInto(target: Record<string, string | StringTree>, source: StringTree, path: string) {
  for (const [key, value] of Object.entries(source)) {
    const here = path ? `${path}.${key}` : key;
    const existing = target[key];
    if (existing === undefined) {
      target[key] = isTree(value) ? mergeInto({}, value, here) : value;
    } else if (isTree(existing) && isTree(value)) {
      target[key] = mergeInto({ ...existing }, value, here);
    } else {
      // Two features defining the same string would silently shadow each other.
      throw new Error(`Duplicate translation key "${here}"`);
    }
  }
  return target;
}

export function mergeStrings(parts: readonly FeatureStrings[]): { en: StringTree; vi: StringTree } {
  const en: Record<string, string | StringTree> = {};
  const vi: Record<string, string | StringTree> = {};
  for (const part of parts) {
    mergeInto(en, part.en, '');
    mergeInto(vi, part.vi, '');
  }
  return { en, vi };
}

/** Every leaf path of a tree, for completeness checks. */
export function leafKeys(tree: StringTree, path = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const here = path ? `${path}.${key}` : key;
    return isTree(value) ? leafKeys(value, here) : [here];
  });
}

/** The `strings` of glob-loaded `i18n.ts` modules, in path order. */
export function stringsOf(modules: Record<string, { strings: FeatureStrings }>): FeatureStrings[] {
  return Object.keys(modules)
    .sort()
    .map((path) => {
      const mod = modules[path];
      if (!mod?.strings) throw new Error(`${path} must export \`strings\``);
      return mod.strings;
    });
}
