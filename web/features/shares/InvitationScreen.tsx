import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { InvitationView } from '../../../common/schemas/shares.ts';
import { fetchInvitation } from '../lists/index.ts';
import { JOIN_QUERY, PublicListScreen } from '../public/index.ts';
import { LoginScreen } from '../auth/index.ts';

/**
 * The share link `/join/:listId` signed out. A public list shows at once, live and read-only, with
 * joining as the second step (`?join=1`); otherwise, or for that step, the invitation on the
 * sign-in screen. Once the
 * visitor has signed in or registered, the signed-in app's JoinScreen joins. Apart from it, so an
 * invitee's first page loads none of the signed-in app.
 */
export function InvitationScreen() {
  const { listId = '' } = useParams();
  const [invitation, setInvitation] = useState<InvitationView | null | undefined>(undefined);
  const joining = useSearchParams()[0].has(JOIN_QUERY);

  useEffect(() => {
    // An unknown or private list has no invitation: the plain sign-in, then the join says why.
    fetchInvitation(listId).then(setInvitation, () => setInvitation(null));
  }, [listId]);

  if (invitation === undefined) return null;
  if (invitation?.isPublic && !joining) return <PublicListScreen listId={listId} />;
  return <LoginScreen invitation={invitation ?? undefined} />;
}
