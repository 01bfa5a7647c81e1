import { preloadable } from '../ui/preloadable.ts';

/**
 * Every screen loads when first shown: the first load fetches only React, the router and the app
 * shell, and then the screen. The dashboard and the list come in the signed-in app's chunk, every
 * other screen in a chunk of its own (vite.config.ts, decision 018).
 */
export const LoginScreen = preloadable(() => import('../features/auth/LoginScreen.tsx').then((m) => m.LoginScreen));
export const ResetPasswordScreen = preloadable(() => import('../features/auth/ResetPasswordScreen.tsx').then((m) => m.ResetPasswordScreen));
export const VerifyEmailScreen = preloadable(() => import('../features/auth/VerifyEmailScreen.tsx').then((m) => m.VerifyEmailScreen));
export const DashboardScreen = preloadable(() => import('../features/lists/DashboardScreen.tsx').then((m) => m.DashboardScreen));
export const ListScreen = preloadable(() => import('../features/lists/ListScreen.tsx').then((m) => m.ListScreen));
export const AccountScreen = preloadable(() => import('../features/account/AccountScreen.tsx').then((m) => m.AccountScreen));
export const AdminScreen = preloadable(() => import('../features/admin/AdminScreen.tsx').then((m) => m.AdminScreen));
export const JoinScreen = preloadable(() => import('../features/public/JoinScreen.tsx').then((m) => m.JoinScreen));
export const InvitationScreen = preloadable(() => import('../features/shares/InvitationScreen.tsx').then((m) => m.InvitationScreen));
export const InvitationLinkScreen = preloadable(() => import('../features/shares/InvitationLinkScreen.tsx').then((m) => m.InvitationLinkScreen));
export const AcceptInvitationLinkScreen = preloadable(() =>
  import('../features/shares/AcceptInvitationLinkScreen.tsx').then((m) => m.AcceptInvitationLinkScreen),
);
export const PublicListScreen = preloadable(() => import('../features/public/PublicListScreen.tsx').then((m) => m.PublicListScreen));
export const AlexaLoginScreen = preloadable(() => import('../features/account/AlexaLoginScreen.tsx').then((m) => m.AlexaLoginScreen));
export const ConsentScreen = preloadable(() => import('../features/auth/ConsentScreen.tsx').then((m) => m.ConsentScreen));
