import { useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { UserView } from '../../common/schemas/auth.ts';
import { Announcer } from './Announcer.tsx';
import { SignOutDialog } from '../features/account/SignOut.tsx';
import { NotificationOffer } from '../features/notifications/NotificationOffer.tsx';
import { Toaster } from './Toaster.tsx';
import { INVITATION_LINK_PATH } from '../../common/constants.ts';
import { CONSENT_PAGE_PATH } from '../../common/oauth-apps.ts';
import { AcceptInvitationLinkScreen, AccountScreen, AdminScreen, ConsentScreen, DashboardScreen, JoinScreen, ListScreen } from './lazy.ts';
import { loadItems } from '../features/items/item-actions.ts';
import { loadLists } from '../features/lists/list-actions.ts';
import { startAppLiveSync } from './live-sync.ts';
import { startPrefill } from '../features/items/prefill.ts';
import { startChangedSubscriptionWatch } from '../features/notifications/push.ts';
import { onReplayed, startConnectionWatch } from '../core/sync/sync.ts';
import { startPhotoResumes } from '../features/photos/waiting-photos-resume.ts';

// main.tsx loads the first screen's data from this chunk, which a signed-in start fetches anyway.
export { loadFirstScreen } from './first-screen-loads.ts';

/**
 * Live updates, the connection state, a reload of what replayed offline changes touched, the
 * photos kept on the device sent again, the offline cache filled with every list's items, and a
 * push subscription the service worker renewed sent to the server. At
 * start and at each sign-in: the app is keyed by the user.
 */
function useSync() {
  useEffect(() => {
    const stopWatch = startConnectionWatch();
    const stopLive = startAppLiveSync();
    const stopPhotos = startPhotoResumes();
    const stopPrefill = startPrefill();
    const stopPush = startChangedSubscriptionWatch();
    const stopReplay = onReplayed((listIds) => {
      loadLists().catch(() => undefined);
      for (const id of listIds) loadItems(id).catch(() => undefined);
    });
    return () => {
      stopWatch();
      stopLive();
      stopPhotos();
      stopPrefill();
      stopPush();
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
      <Route path="/admin" element={<AdminScreen user={user} />} />
      <Route path={CONSENT_PAGE_PATH} element={<ConsentScreen />} />
      <Route path="/join/:listId" element={<JoinScreen />} />
      <Route path={INVITATION_LINK_PATH} element={<AcceptInvitationLinkScreen />} />
      <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
      {/* Only the signed-in app notifies; the sign-in screens say everything inline. */}
      <Toaster />
      <Announcer />
      <SignOutDialog />
      <NotificationOffer />
    </>
  );
}
