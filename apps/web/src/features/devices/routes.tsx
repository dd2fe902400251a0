import type { AppRoute } from '../../shared/routing/types.ts';

/** /app/change_media_devices (spec §2): the device test and the audio and video defaults. */
export const routes: AppRoute[] = [
  {
    layout: 'main',
    path: '/app/change_media_devices',
    meta: { title: 'titles.changeMediaDevices', requiresAuth: false },
    lazy: () => import('./DeviceTestPage.tsx').then((m) => ({ Component: m.DeviceTestPage })),
  },
];
