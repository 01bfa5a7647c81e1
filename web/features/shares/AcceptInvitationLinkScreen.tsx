import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { UI_TEXT } from '../../../common/messages.ts';
import { acceptInvitationLink } from './shares-api.ts';
import { messageOf } from '../../core/net/errors.ts';
import ui from '../../ui/ui.module.css';
import { upsertList } from '../lists/index.ts';
import { useSession } from '../../core/store/session.ts';
import { AuthLayout } from '../auth/index.ts';
import { invitationLinkToken } from './invitation-link-token.ts';

/**
 * An invitation link `/invitation#{token}` signed in: accepts it and opens the list (the link is
 * the proof, decision 047). An expired, used or withdrawn link says which and what to do.
 */
export function AcceptInvitationLinkScreen() {
  const token = invitationLinkToken(useLocation().hash);
  // The id, not the object: a token refresh replaces the user object and must not accept again.
  const userId = useSession().user?.id;
  const navigate = useNavigate();
  const [failure, setError] = useState<string | null>(null);
  const error = token ? failure : UI_TEXT.invitationLinkIncomplete;

  useEffect(() => {
    if (!userId || !token) return;
    let current = true;
    acceptInvitationLink(token).then(
      (list) => {
        upsertList(list);
        if (current) navigate(`/lists/${list.id}`, { replace: true });
      },
      (refusal: unknown) => current && setError(messageOf(refusal, UI_TEXT.invitationLinkFailed)),
    );
    return () => {
      current = false;
    };
  }, [token, userId, navigate]);

  return (
    <AuthLayout title={UI_TEXT.invitationLinkTitle}>
      {error ? <p role="alert">{error}</p> : <p role="status">{UI_TEXT.invitationLinkBusy}</p>}
      <Link to="/" className={ui.link}>
        {UI_TEXT.goToLists}
      </Link>
    </AuthLayout>
  );
}
