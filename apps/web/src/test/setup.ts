import { loadFeatureStrings } from '../shared/i18n/index.ts';

// Pages load the features' strings with their route (shared/i18n/resources.ts); a test renders
// components without the router, so every string is there from the start.
await loadFeatureStrings();
