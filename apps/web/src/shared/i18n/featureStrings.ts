import { stringsOf, type FeatureStrings } from './strings.ts';

/**
 * The strings of every feature that is neither the shell's nor the main layout's (resources.ts
 * and mainStrings.ts list those), in one chunk: `loadFeatureStrings()` loads it with the pages
 * that show them.
 */
const modules = import.meta.glob<{ strings: FeatureStrings }>(
  [
    '../../features/*/i18n.ts',
    '!../../features/{devices,home,join,notifications,qr-call,virtualBackground}/i18n.ts',
  ],
  { eager: true },
);

export const featureStrings: FeatureStrings[] = stringsOf(modules);
