import type { AppRoute } from '../../shared/routing/types.ts';
import type * as Pages from './pages.ts';

type PagesModule = typeof Pages;
const page = (name: keyof PagesModule) => () =>
  import('./pages.ts').then((m) => ({ Component: m[name] }));

/** Help, privacy and updates (spec §2); open to everyone, one chunk for the three. */
export const routes: AppRoute[] = [
  {
    layout: 'main',
    path: '/app/help_setting',
    meta: { title: 'titles.helpSetting', requiresAuth: false },
    lazy: page('HelpPage'),
  },
  {
    layout: 'main',
    path: '/app/privacy',
    meta: { title: 'titles.privacy', requiresAuth: false },
    lazy: page('PrivacyPage'),
  },
  {
    layout: 'main',
    path: '/app/update',
    meta: { title: 'titles.update', requiresAuth: false },
    lazy: page('UpdatePage'),
  },
];
