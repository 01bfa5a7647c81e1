import { useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { UserView } from '../common/schemas/auth.ts';
import { Announcer } from './components/Announcer.tsx';
import { SignOutDialog } from './components/SignOut.tsx';
import { Toaster } from './components/Toaster.tsx';
import { AccountScreen, DashboardScreen, JoinScreen, ListScreen } from './screens/lazy.ts';
import { loadItems } from './state/item-actions.ts';
import { loadLists } from './state/list-actions.ts';
import { startLiveSync } from './state/live-sync.ts';
import { startPrefill } from './state/prefill.ts';
import { onReplayed, startConnectionWatch } from './state/sync.ts';
import { startPhotoResumes } from './state/waiting-photos-resume.ts';

// main.tsx loads the first screen's data from this chunk, which a signed-in start fetches anyway.
export { loadFirstScreen } from './state/first-screen-loads.ts';

/**
 * Live updates, the connection state, a reload of what replayed offline changes touched, the
 * photos kept on the device sent again, and the offline cache filled with every list's items. At
 * start and at each sign-in: the app is keyed by the user.
 */
function useSync() {
  useEffect(() => {
    const stopWatch = startConnectionWatch();
    const stopLive = startLiveSync();
    const stopPhotos = startPhotoResumes();
    const stopPrefill = startPrefill();
    const stopReplay = onReplayed((listIds) => {
      loadLists().catch(() => undefined);
      listIds.forEach((id) => loadItems(id).catch(() => undefined));
    });
    return () => {
      stopWatch();
      stopLive();
      stopPhotos();
      stopPrefill();
      stopReplay();
    };
  }, []);
}

/**
 * The signed-in app: its routes, the store, the offline queue and the live socket. A chunk of its
 * own, so the sign-in page loads none of it.
 */
export function SignedInApp({ user }: { user: UserView }) {
  useSync();
  return (
    <>
      <Routes>
      <Route path="/" element={<DashboardScreen user={user} />} />
      <Route path="/lists/:id" element={<ListScreen />} />
      <Route path="/account" element={<AccountScreen user={user} />} />
      <Route path="/join/:listId" element={<JoinScreen />} />
      <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
      {/* Only the signed-in app notifies; the sign-in screens say everything inline. */}
      <Toaster />
      <Announcer />
      <SignOutDialog />
    </>
  );
}
