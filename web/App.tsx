import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ALEXA_LOGIN_PATH } from '../common/alexa.ts';
import { VERIFY_EMAIL_PATH } from '../common/constants.ts';
import type { UserView } from '../common/schemas/auth.ts';
import { Toaster } from './components/Toaster.tsx';
import {
  AccountScreen,
  AlexaLoginScreen,
  DashboardScreen,
  JoinScreen,
  ListScreen,
  LoginScreen,
  PublicListScreen,
  ResetPasswordScreen,
  VerifyEmailScreen,
} from './screens/lazy.ts';
import { loadItems } from './state/item-actions.ts';
import { loadLists } from './state/list-actions.ts';
import { startLiveSync } from './state/live-sync.ts';
import { useSession } from './state/session.ts';
import { onReplayed, startConnectionWatch } from './state/sync.ts';

/** Live updates, the connection state, and a reload of what replayed offline changes touched. */
function useSync() {
  useEffect(() => {
    const stopWatch = startConnectionWatch();
    const stopLive = startLiveSync();
    const stopReplay = onReplayed((listIds) => {
      loadLists().catch(() => undefined);
      listIds.forEach((id) => loadItems(id).catch(() => undefined));
    });
    return () => {
      stopWatch();
      stopLive();
      stopReplay();
    };
  }, []);
}

function SignedInApp({ user }: { user: UserView }) {
  useSync();
  return (
    <Routes>
      <Route path="/" element={<DashboardScreen user={user} />} />
      <Route path="/lists/:id" element={<ListScreen />} />
      <Route path="/account" element={<AccountScreen user={user} />} />
      <Route path="/join/:listId" element={<JoinScreen />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

function SignedOutApp() {
  return (
    <Routes>
      <Route path="/join/:listId" element={<JoinScreen />} />
      <Route path="/lists/:id" element={<PublicListScreen />} />
      <Route path="*" element={<LoginScreen />} />
    </Routes>
  );
}

export function App() {
  const { user } = useSession();
  return (
    <>
      {/* A full-height blank while a screen's chunk loads: nothing jumps when it arrives. */}
      <Suspense fallback={<div style={{ minHeight: '100dvh' }} aria-busy="true" />}>
        <Routes>
          <Route path="/reset-password" element={<ResetPasswordScreen />} />
          <Route path={VERIFY_EMAIL_PATH} element={<VerifyEmailScreen />} />
          <Route path={ALEXA_LOGIN_PATH} element={<AlexaLoginScreen />} />
          <Route path="*" element={user ? <SignedInApp user={user} /> : <SignedOutApp />} />
        </Routes>
      </Suspense>
      <Toaster />
    </>
  );
}
