import { lazy } from 'react';

/**
 * Every screen is its own chunk: the first load fetches only React, the router and the app shell,
 * and then the one screen it shows (`npm run build` keeps the initial JS under 150 KB gzip).
 */
export const LoginScreen = lazy(() => import('./LoginScreen.tsx').then((m) => ({ default: m.LoginScreen })));
export const ResetPasswordScreen = lazy(() =>
  import('./ResetPasswordScreen.tsx').then((m) => ({ default: m.ResetPasswordScreen })),
);
export const VerifyEmailScreen = lazy(() =>
  import('./VerifyEmailScreen.tsx').then((m) => ({ default: m.VerifyEmailScreen })),
);
export const DashboardScreen = lazy(() => import('./DashboardScreen.tsx').then((m) => ({ default: m.DashboardScreen })));
export const ListScreen = lazy(() => import('./ListScreen.tsx').then((m) => ({ default: m.ListScreen })));
export const AccountScreen = lazy(() => import('./AccountScreen.tsx').then((m) => ({ default: m.AccountScreen })));
export const JoinScreen = lazy(() => import('./JoinScreen.tsx').then((m) => ({ default: m.JoinScreen })));
export const PublicListScreen = lazy(() => import('./PublicListScreen.tsx').then((m) => ({ default: m.PublicListScreen })));
export const AlexaLoginScreen = lazy(() => import('./AlexaLoginScreen.tsx').then((m) => ({ default: m.AlexaLoginScreen })));
