import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { InvitationView } from '../../common/schemas/shares.ts';
import { fetchInvitation } from '../api/lists.ts';
import { LoginScreen } from './LoginScreen.tsx';

/**
 * The share link `/join/:listId` signed out: the invitation on the sign-in screen. Once the
 * visitor has signed in or registered, the signed-in app's JoinScreen joins. Apart from it, so an
 * invitee's first page loads none of the signed-in app.
 */
export function InvitationScreen() {
  const { listId = '' } = useParams();
  const [invitation, setInvitation] = useState<InvitationView | null | undefined>(undefined);

  useEffect(() => {
    // An unknown or private list has no invitation: the plain sign-in, then the join says why.
    fetchInvitation(listId).then(setInvitation, () => setInvitation(null));
  }, [listId]);

  return invitation === undefined ? null : <LoginScreen invitation={invitation ?? undefined} />;
}
