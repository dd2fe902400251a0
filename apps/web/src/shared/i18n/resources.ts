import { strings as common } from './common.ts';
import { strings as serverErrors } from './serverErrors.ts';
import { mergeStrings, type FeatureStrings } from './strings.ts';

/**
 * Every `features/<name>/i18n.ts` is picked up here, so a feature adds its strings in its own
 * file without editing a shared registry.
 */
const featureModules = import.meta.glob<{ strings: FeatureStrings }>('../../features/*/i18n.ts', {
  eager: true,
});

export const featureStrings: FeatureStrings[] = Object.keys(featureModules)
  .sort()
  .map((path) => {
    const mod = featureModules[path];
    if (!mod?.strings) throw new Error(`${path} must export \`strings\``);
    return mod.strings;
  });

export const resources = mergeStrings([common, serverErrors, ...featureStrings]);
