import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EMAIL_UNCONFIRMED } from '../../../common/constants.ts';
import { MESSAGES } from '../../../common/messages.ts';
import type { ListResponse } from '../../../common/schemas/lists.ts';
import { ApiError, newIdempotencyKey, sendRequest } from '../../core/net/client.ts';
import { fetchInvitation, listRequests, upsertList } from '../lists/index.ts';
import ui from '../../ui/ui.module.css';
import { useSession } from '../../core/store/session.ts';
import { AuthLayout } from '../auth/index.ts';
import { JOIN_QUERY } from './join-path.ts';

const waitsOnConfirmation = (error: unknown): error is ApiError => error instanceof ApiError && error.code === EMAIL_UNCONFIRMED;

/** The join errors of POST /lists/{id}/join, and the server's word when an invitation waits on a confirmation. */
function joinError(error: unknown): string {
  if (waitsOnConfirmation(error)) return error.message;
  // A link whose id is no list's, or could be none (malformed, far too long: 400, 414).
  if (error instanceof ApiError && [400, 404, 414].includes(error.status)) return MESSAGES.listNotFound;
  if (error instanceof ApiError && error.status === 403) return MESSAGES.listForbidden;
  return error instanceof ApiError && error.message ? error.message : MESSAGES.joinFailed;
}

/** Whether the list's public invitation says it is public; an unknown or private list has none (its join says why). */
const isPublicList = (listId: string) => fetchInvitation(listId).then((invitation) => invitation.isPublic, () => false);

/**
 * The share link `/join/:listId` signed in: a public list opens at once (ListScreen, where joining
 * is the second step); any other list, or a public one with `?join=1` (the visitor asked to join,
 * maybe before signing in), is joined and opened. Signed out, InvitationScreen shows the link.
 */
export function JoinScreen() {
  const { listId = '' } = useParams();
  // The id, not the object: a token refresh (on 401) replaces the user object and must not re-join.
  const userId = useSession().user?.id;
  // An invitation that waited on the address joins once it is confirmed, here or in another tab (live).
  const verified = useSession().user?.email_verified;
  const navigate = useNavigate();
  // `waiting`: no failure, a first invitation's next step (the address to confirm).
  const [error, setError] = useState<{ message: string; waiting: boolean } | null>(null);
  const joining = useSearchParams()[0].has(JOIN_QUERY);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    void (async () => {
      if (!joining && (await isPublicList(listId))) {
        if (current) navigate(`/lists/${listId}`, { replace: true });
        return;
      }
      try {
        const { list } = await sendRequest<ListResponse>(listRequests.join(listId), newIdempotencyKey());
        upsertList(list);
        if (current) navigate(`/lists/${list.id}`, { replace: true });
      } catch (failure) {
        if (current) setError({ message: joinError(failure), waiting: waitsOnConfirmation(failure) });
      }
    })();
    return () => {
      current = false;
    };
  }, [listId, userId, verified, navigate, joining]);

  return (
    <AuthLayout title={error ? (error.waiting ? MESSAGES.invitedTitle : MESSAGES.joinFailed) : 'Joining list…'}>
      {error && <p role={error.waiting ? 'status' : 'alert'}>{error.message}</p>}
      <Link to="/" className={ui.link}>
        Go to your lists
      </Link>
    </AuthLayout>
  );
}
