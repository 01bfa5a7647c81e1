import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { UI_TEXT } from '../../../common/messages.ts';
import { logout } from '../auth/index.ts';
import { appStore, useAppState } from '../../core/store/app-state.ts';
import { session, useSession } from '../../core/store/session.ts';
import { createStore, useStore } from '../../core/store/store.ts';
import { keptPhotoCounts } from '../photos/index.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

/** Whether the sign-out waits for the user to say that the changes not yet sent may go. */
const asking = createStore(false);

function useSignOutNow(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await logout().catch(() => undefined);
    // To the sign-in screen: signed out, the URL of a public list would show its read-only view.
    navigate('/', { replace: true });
  };
}

/** The photos the signed-in user keeps on this device until they are uploaded (decision 036). */
const keptPhotosOf = (counts: Readonly<Record<string, number>>, userId: string | undefined) => (userId ? (counts[userId] ?? 0) : 0);

/**
 * Signs out and goes to the sign-in screen (the header's Logout and the list's "..." menu). Changes
 * made offline that have not reached the server yet, and photos kept on the device until they are
 * uploaded, are lost with the sign-out, which clears what they wait in: with any, it asks first
 * (SignOutDialog).
 */
export function useSignOut(): () => Promise<void> {
  const signOutNow = useSignOutNow();
  return async () => {
    const photos = keptPhotosOf(keptPhotoCounts.get(), session.get().user?.id);
    if (appStore.get().pendingChanges.length > 0 || photos > 0) asking.set(true);
    else await signOutNow();
  };
}

/** The question useSignOut asks; once for the signed-in app. It goes when the changes and photos have gone out meanwhile. */
export function SignOutDialog() {
  const open = useStore(asking, (value) => value);
  const unsent = useAppState((state) => state.pendingChanges.length);
  const userId = useSession().user?.id;
  const photos = useStore(keptPhotoCounts, (counts) => keptPhotosOf(counts, userId));
  const signOutNow = useSignOutNow();
  const waiting = unsent + photos;
  useEffect(() => {
    if (waiting === 0) asking.set(false);
  }, [waiting]);
  return (
    <ConfirmDialog
      open={open && waiting > 0}
      title={UI_TEXT.unsentChangesTitle}
      message={UI_TEXT.unsentChanges(unsent, photos)}
      confirmLabel={UI_TEXT.signOutAnyway}
      onCancel={() => asking.set(false)}
      onConfirm={() => {
        asking.set(false);
        void signOutNow();
      }}
    />
  );
}
