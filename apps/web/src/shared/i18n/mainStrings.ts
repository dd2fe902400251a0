import { stringsOf, type FeatureStrings } from './strings.ts';

/**
 * The strings of the main layout (its header's notification center and QR-call link, the
 * incoming-call dialog above every page) and of its home page: loaded with that layout and with
 * the dialog (`loadMainStrings()`), not with every page, so the full-screen join page does not
 * download them (issue 11).
 */
const modules = import.meta.glob<{ strings: FeatureStrings }>(
  '../../features/{home,notifications,qr-call}/i18n.ts',
  { eager: true },
);

export const mainStrings: FeatureStrings[] = stringsOf(modules);
