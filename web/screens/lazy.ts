import { preloadable } from './preloadable.ts';

/**
 * Every screen loads when first shown: the first load fetches only React, the router and the app
 * shell, and then the screen. The dashboard and the list come in the signed-in app's chunk, every
 * other screen in a chunk of its own (vite.config.ts, decision 018).
 */
export const LoginScreen = preloadable(() => import('./LoginScreen.tsx').then((m) => m.LoginScreen));
export const ResetPasswordScreen = preloadable(() => import('./ResetPasswordScreen.tsx').then((m) => m.ResetPasswordScreen));
export const VerifyEmailScreen = preloadable(() => import('./VerifyEmailScreen.tsx').then((m) => m.VerifyEmailScreen));
export const DashboardScreen = preloadable(() => import('./DashboardScreen.tsx').then((m) => m.DashboardScreen));
export const ListScreen = preloadable(() => import('./ListScreen.tsx').then((m) => m.ListScreen));
export const AccountScreen = preloadable(() => import('./AccountScreen.tsx').then((m) => m.AccountScreen));
export const JoinScreen = preloadable(() => import('./JoinScreen.tsx').then((m) => m.JoinScreen));
export const InvitationScreen = preloadable(() => import('./InvitationScreen.tsx').then((m) => m.InvitationScreen));
export const PublicListScreen = preloadable(() => import('./PublicListScreen.tsx').then((m) => m.PublicListScreen));
export const AlexaLoginScreen = preloadable(() => import('./AlexaLoginScreen.tsx').then((m) => m.AlexaLoginScreen));
