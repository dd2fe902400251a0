import type { AppRoute } from '../../shared/routing/types.ts';
import { NAMED_PATHS, SIGNUP_PATH } from '../../shared/routing/paths.ts';

const auth = { layout: 'auth' } as const;

/** The auth layout's screens (spec §2); each page is its own chunk. */
export const routes: AppRoute[] = [
  {
    ...auth,
    path: NAMED_PATHS.login,
    meta: { title: 'auth.titles.login', requiresAuth: false, guestOnly: true, name: 'login' },
    lazy: () => import('./AuthForm.tsx').then((m) => ({ Component: m.LoginPage })),
  },
  {
    ...auth,
    path: SIGNUP_PATH,
    meta: { title: 'auth.titles.signup', requiresAuth: false, guestOnly: true },
    lazy: () => import('./AuthForm.tsx').then((m) => ({ Component: m.SignupPage })),
  },
  {
    ...auth,
    path: NAMED_PATHS.verify_code,
    meta: { title: 'auth.titles.verifyCode', requiresAuth: false, name: 'verify_code' },
    lazy: () => import('./VerifyCodePage.tsx').then((m) => ({ Component: m.VerifyCodePage })),
  },
  {
    ...auth,
    path: '/forgot-password',
    meta: { title: 'auth.titles.forgotPassword', requiresAuth: false },
    lazy: () =>
      import('./ForgotPasswordPage.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    ...auth,
    path: '/success-forgot',
    meta: { title: 'auth.titles.successForgot', requiresAuth: false },
    lazy: () => import('./SuccessForgotPage.tsx').then((m) => ({ Component: m.SuccessForgotPage })),
  },
  {
    ...auth,
    path: '/join',
    meta: { title: 'auth.titles.join', requiresAuth: false },
    lazy: () => import('./JoinCodePage.tsx').then((m) => ({ Component: m.JoinCodePage })),
  },
];
