import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SERVER_MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import type { InvitationLinkView } from '../../../common/schemas/shares.ts';
import { viewInvitationLink } from './shares-api.ts';
import { messageOf } from '../../core/net/errors.ts';
import ui from '../../ui/ui.module.css';
import { AuthLayout, LoginScreen } from '../auth/index.ts';
import { invitationLinkToken } from './invitation-link-token.ts';

const ENDED: Record<Exclude<InvitationLinkView['state'], 'open'>, string> = {
  expired: SERVER_MESSAGES.invitationLinkExpired,
  used: SERVER_MESSAGES.invitationLinkUsed,
  revoked: SERVER_MESSAGES.invitationLinkRevoked,
};

/**
 * An invitation link `/invitation#{token}` opened signed out: who invited to which list, on the
 * sign-in screen; once signed in (or registered), the signed-in app's AcceptInvitationLinkScreen
 * accepts it. A link that no longer admits says why and what to do, with no sign-in to mislead.
 */
export function InvitationLinkScreen() {
  const token = invitationLinkToken(useLocation().hash);
  const [shown, setShown] = useState<{ view: InvitationLinkView } | { problem: string } | undefined>(undefined);

  useEffect(() => {
    if (!token) return;
    viewInvitationLink(token).then(
      (view) => setShown(view.state === 'open' ? { view } : { problem: ENDED[view.state] }),
      (failure: unknown) => setShown({ problem: messageOf(failure, UI_TEXT.invitationLinkFailed) }),
    );
  }, [token]);

  const said = token ? shown : { problem: UI_TEXT.invitationLinkIncomplete };
  if (said === undefined) return null;
  if ('view' in said) return <LoginScreen linkInvitation={said.view} />;
  return (
    <AuthLayout title={UI_TEXT.invitationLinkTitle}>
      <p role="alert">{said.problem}</p>
      <Link to="/" className={ui.link}>
        {UI_TEXT.signIn}
      </Link>
    </AuthLayout>
  );
}
