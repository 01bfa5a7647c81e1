import { preloadable } from '../../ui/preloadable.ts';

/**
 * The sign-in screen as other features' screens show it (an invitation, a list out of reach): in
 * its own chunk, as the app's route loads it, so the signed-in app that reaches this feature does
 * not carry it.
 */
export const LoginScreen = preloadable(() => import('./LoginScreen.tsx').then((m) => m.LoginScreen));
