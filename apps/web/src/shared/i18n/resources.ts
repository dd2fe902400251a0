import { strings as common } from './common.ts';
import { strings as serverErrors } from './serverErrors.ts';
import { mergeStrings, stringsOf, type FeatureStrings, type StringTree } from './strings.ts';

/**
 * Every `features/<name>/i18n.ts` is picked up by a glob here or in featureStrings.ts, so a
 * feature adds its strings in its own file without editing a shared registry.
 *
 * The features listed here are the shell's: their strings are in every page's first load (the
 * header's notifications and QR-call link, the join page with its device and background
 * pickers, the home page). Every other feature's strings are one chunk (featureStrings.ts),
 * loaded with any page that is not marked `shellStrings` (app/buildRoutes.tsx) and, on those
 * that are, once the page has shown (app/bootstrap.tsx): issue 11, small first loads. A shell
 * page showing another feature's string would show its key until the chunk arrives, so a
 * feature whose strings a shell page shows belongs in this list.
 */
const shellModules = import.meta.glob<{ strings: FeatureStrings }>(
  '../../features/{devices,home,join,notifications,qr-call,virtualBackground}/i18n.ts',
  { eager: true },
);

/**
 * The strings loaded so far, both languages: the shell's at start, every feature's once
 * `loadFeatureStrings()` resolved (the objects are updated in place).
 */
export const resources: { en: StringTree; vi: StringTree } = mergeStrings([
  common,
  serverErrors,
  ...stringsOf(shellModules),
]);

let loading: Promise<{ en: StringTree; vi: StringTree }> | null = null;

/**
 * Loads the other features' strings (once) and merges them into `resources`; resolves with
 * what was added, for i18next instances created before (shared/i18n/index.ts).
 */
export function loadFeatureStrings(): Promise<{ en: StringTree; vi: StringTree }> {
  loading ??= import('./featureStrings.ts').then(
    ({ featureStrings }) => {
      const added = mergeStrings(featureStrings);
      // Throws on a key defined twice, as the shell's merge does.
      const merged = mergeStrings([resources, added]);
      Object.assign(resources.en, merged.en);
      Object.assign(resources.vi, merged.vi);
      return added;
    },
    (error: unknown) => {
      // A failed chunk fetch (offline) is tried again by the next page that needs it.
      loading = null;
      throw error;
    },
  );
  return loading;
}
