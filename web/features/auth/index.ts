export { AuthLayout, authStyles } from './AuthLayout.tsx';
export type { LoginNotice } from './LoginScreen.tsx';
export { LoginScreen } from './lazy-screens.ts';
export { changePassword, deleteAccount, logout, refreshUser, resendVerification, updateProfile } from './auth-api.ts';
export { fetchIdentities, finishWithProvider, goToProvider, unlinkProvider } from './oidc-api.ts';
export { cameBackFromProvider } from './useProviderSignIn.ts';
