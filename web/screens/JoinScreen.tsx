import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EMAIL_UNCONFIRMED } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { ListResponse } from '../../common/schemas/lists.ts';
import { ApiError, newIdempotencyKey, sendRequest } from '../api/client.ts';
import { listRequests } from '../api/lists.ts';
import ui from '../components/ui.module.css';
import { upsertList } from '../state/list-actions.ts';
import { useSession } from '../state/session.ts';
import { AuthLayout } from './AuthLayout.tsx';

const waitsOnConfirmation = (error: unknown): error is ApiError => error instanceof ApiError && error.code === EMAIL_UNCONFIRMED;

/** The join errors of spec section 8, and the server's word when an invitation waits on a confirmation. */
function joinError(error: unknown): string {
  if (waitsOnConfirmation(error)) return error.message;
  // A link whose id is no list's, or could be none (malformed, far too long: 400, 414).
  if (error instanceof ApiError && [400, 404, 414].includes(error.status)) return MESSAGES.listNotFound;
  if (error instanceof ApiError && error.status === 403) return MESSAGES.listForbidden;
  return error instanceof ApiError && error.message ? error.message : MESSAGES.joinFailed;
}

/**
 * The share link `/join/:listId` signed in: joins and opens the list. Signed out, the link shows
 * the invitation on the sign-in screen (InvitationScreen), and this joins once the visitor is in.
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

  useEffect(() => {
    if (!userId) return;
    let current = true;
    sendRequest<ListResponse>(listRequests.join(listId), newIdempotencyKey()).then(
      ({ list }) => {
        upsertList(list);
        if (current) navigate(`/lists/${list.id}`, { replace: true });
      },
      (failure: unknown) => current && setError({ message: joinError(failure), waiting: waitsOnConfirmation(failure) }),
    );
    return () => {
      current = false;
    };
  }, [listId, userId, verified, navigate]);

  return (
    <AuthLayout title={error ? (error.waiting ? MESSAGES.invitedTitle : MESSAGES.joinFailed) : 'Joining list…'}>
      {error && <p role={error.waiting ? 'status' : 'alert'}>{error.message}</p>}
      <Link to="/" className={ui.link}>
        Go to your lists
      </Link>
    </AuthLayout>
  );
}
