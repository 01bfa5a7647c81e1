import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { ALEXA_LOGIN_PATH } from '../../common/alexa.ts';
import { INVITATION_LINK_PATH, VERIFY_EMAIL_PATH } from '../../common/constants.ts';
import {
  AlexaLoginScreen,
  InvitationLinkScreen,
  InvitationScreen,
  LoginScreen,
  PublicListScreen,
  ResetPasswordScreen,
  VerifyEmailScreen,
} from './lazy.ts';
import { preloadable } from '../ui/preloadable.ts';
import { useSession } from '../core/store/session.ts';

export const SignedInApp = preloadable(() => import('./SignedInApp.tsx').then((m) => m.SignedInApp));

function SignedOutApp() {
  return (
    <Routes>
      <Route path="/join/:listId" element={<InvitationScreen />} />
      <Route path={INVITATION_LINK_PATH} element={<InvitationLinkScreen />} />
      <Route path="/lists/:id" element={<PublicListScreen />} />
      <Route path="*" element={<LoginScreen />} />
    </Routes>
  );
}

export function App() {
  const { user } = useSession();
  return (
    // A full-height blank while a screen's chunk loads: nothing jumps when it arrives.
    <Suspense fallback={<div style={{ minHeight: '100dvh' }} aria-busy="true" />}>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordScreen />} />
        {/* A link proves the address to the account signed in, whose password its opener knows. */}
        <Route path={VERIFY_EMAIL_PATH} element={user ? <VerifyEmailScreen /> : <LoginScreen confirmingEmail />} />
        <Route path={ALEXA_LOGIN_PATH} element={<AlexaLoginScreen />} />
        {/* Keyed by the user: another account signed in from another tab starts afresh, live socket and all. */}
        <Route path="*" element={user ? <SignedInApp key={user.id} user={user} /> : <SignedOutApp />} />
      </Routes>
    </Suspense>
  );
}
