import { placeholderPage } from '../shared/ui/Placeholder.tsx';
import type { AppRoute, LayoutName } from '../shared/routing/types.ts';

function placeholder(
  layout: LayoutName,
  path: string,
  title: string,
  message: string,
  requiresAuth = false,
): AppRoute {
  return {
    layout,
    path,
    meta: { title: `titles.${title}`, requiresAuth },
    Component: placeholderPage(`titles.${title}`, `placeholders.${message}`),
    placeholder: true,
  };
}

/**
 * Routes of spec §2 whose screens later features build. A feature that exports a route with
 * the same path from `features/<name>/routes.tsx` replaces the placeholder automatically.
 */
export const placeholderRoutes: AppRoute[] = [
  placeholder('root', '/j/:alias', 'joinEvent', 'join'),
  placeholder('root', '/c/:alias', 'call', 'call'),
  placeholder('root', '/draw', 'draw', 'draw'),
  placeholder('root', '/review/qr-code', 'qrReview', 'qrReview'),
  placeholder('root', '/gift', 'gift', 'gifts'),
  placeholder('root', '/gift/donation', 'donation', 'donation'),

  placeholder('oauth', '/oauth/gg', 'googleSignIn', 'socialSignIn'),
  placeholder('oauth', '/oauth/fb', 'facebookSignIn', 'socialSignIn'),
  placeholder('oauth', '/auth/google/callback', 'googleSignIn', 'socialSignIn'),

  placeholder('main', '/app/conferences', 'conferences', 'events', true),
  placeholder('main', '/app/conferences/add', 'addConference', 'events', true),
  placeholder('main', '/app/conferences/:id/edit', 'editConference', 'eventEdit', true),
  placeholder('main', '/app/settings', 'settings', 'settings', true),
  placeholder('main', '/app/change_name', 'changeName', 'settings', true),
  placeholder('main', '/app/change_password', 'changePassword', 'settings', true),
  placeholder('main', '/app/set_password', 'setPassword', 'settings', true),
  placeholder('main', '/app/change_mode', 'changeMode', 'settings', true),
  placeholder('main', '/app/advanced_security', 'advancedSecurity', 'security', true),
  placeholder('main', '/app/wallet', 'wallet', 'wallet', true),
  placeholder('main', '/app/change_media_devices', 'changeMediaDevices', 'devices'),
  placeholder('main', '/app/recording', 'recording', 'recording'),
  placeholder('main', '/app/privacy', 'privacy', 'privacy'),
  placeholder('main', '/app/customize_conference', 'customizeConference', 'customize'),
  placeholder('main', '/app/help_setting', 'helpSetting', 'help'),
  placeholder('main', '/app/update', 'update', 'update'),
];
