import { strings as common } from './common.ts';
import { strings as serverErrors } from './serverErrors.ts';
import { mergeStrings, stringsOf, type FeatureStrings, type StringTree } from './strings.ts';

/**
 * Every `features/<name>/i18n.ts` is picked up by a glob here, in mainStrings.ts or in
 * featureStrings.ts, so a feature adds its strings in its own file without editing a shared
 * registry.
 *
 * The features listed here are the shell's: their strings are in every page's first load (the
 * join page with its device and background pickers). The main layout's (its header's
 * notifications and QR-call link, the home page) are a chunk of their own (mainStrings.ts),
 * loaded with that layout and with the incoming-call dialog (app/buildRoutes.tsx,
 * app/layouts/AppFrame.tsx). Every other feature's strings are one chunk (featureStrings.ts),
 * loaded with any page that is not marked `shellStrings` (app/buildRoutes.tsx) and, on those
 * that are, once the page has shown (app/bootstrap.tsx): issue 11, small first loads. A page
 * showing a string that has not loaded would show its key until the chunk arrives, so a
 * feature whose strings a shell page shows belongs in this list (shellStrings.test.ts).
 */
const shellModules = import.meta.glob<{ strings: FeatureStrings }>(
  '../../features/{devices,join,virtualBackground}/i18n.ts',
  { eager: true },
);

/**
 * The strings loaded so far, both languages: the shell's at start, the others once
 * `loadStrings()` resolved for their group (the objects are updated in place).
 */
export const resources: { en: StringTree; vi: StringTree } = mergeStrings([
  common,
  serverErrors,
  ...stringsOf(shellModules),
]);

/** The strings that load after the shell's: the main layout's, and every other feature's. */
export type LaterStrings = 'main' | 'features';

const importers: Record<LaterStrings, () => Promise<FeatureStrings[]>> = {
  main: () => import('./mainStrings.ts').then((m) => m.mainStrings),
  features: () => import('./featureStrings.ts').then((m) => m.featureStrings),
};

const loading = new Map<LaterStrings, Promise<{ en: StringTree; vi: StringTree }>>();

/**
 * Loads a group of strings (once) and merges them into `resources`; resolves with what was
 * added, for i18next instances created before (shared/i18n/index.ts).
 */
export function loadStrings(group: LaterStrings): Promise<{ en: StringTree; vi: StringTree }> {
  let pending = loading.get(group);
  if (!pending) {
    pending = importers[group]().then(
      (parts) => {
        const added = mergeStrings(parts);
        // Throws on a key defined twice, as the shell's merge does.
        const merged = mergeStrings([resources, added]);
        Object.assign(resources.en, merged.en);
        Object.assign(resources.vi, merged.vi);
        return added;
      },
      (error: unknown) => {
        // A failed chunk fetch (offline) is tried again by the next page that needs it.
        loading.delete(group);
        throw error;
      },
    );
    loading.set(group, pending);
  }
  return pending;
}
