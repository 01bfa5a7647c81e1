export { AppHeader } from './AppHeader.tsx';
export { useSignOut } from './SignOut.tsx';
export { followSignedInUser, useUserDocumentArrivals } from './live-user.ts';
export { default as accountStyles } from '../../ui/SettingsPage.module.css';
export { useResendVerification } from './useResendVerification.ts';
