import type { AppRoute } from '../../shared/routing/types.ts';
import type * as Pages from './Pages.tsx';

const main = { layout: 'main' } as const;
type PagesModule = typeof Pages;
const page = (name: keyof PagesModule) => () =>
  import('./Pages.tsx').then((m) => ({ Component: m[name] }));

/** The account settings screens of spec §2 (login required); one chunk for all of them. */
export const routes: AppRoute[] = [
  {
    ...main,
    path: '/app/settings',
    meta: { title: 'titles.settings', requiresAuth: true },
    lazy: page('SettingsPage'),
  },
  {
    ...main,
    path: '/app/change_name',
    meta: { title: 'titles.changeName', requiresAuth: true },
    lazy: page('ChangeNamePage'),
  },
  {
    ...main,
    path: '/app/change_password',
    meta: { title: 'titles.changePassword', requiresAuth: true },
    lazy: page('ChangePasswordPage'),
  },
  {
    ...main,
    path: '/app/set_password',
    meta: { title: 'titles.setPassword', requiresAuth: true },
    lazy: page('SetPasswordPage'),
  },
  {
    ...main,
    path: '/app/change_mode',
    meta: { title: 'titles.changeMode', requiresAuth: true },
    lazy: page('ChangeModePage'),
  },
  {
    ...main,
    path: '/app/advanced_security',
    meta: { title: 'titles.advancedSecurity', requiresAuth: true },
    lazy: page('AdvancedSecurityPage'),
  },
];
