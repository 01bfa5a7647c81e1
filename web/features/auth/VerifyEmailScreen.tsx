import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SERVER_MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { couldBeLinkToken, type UserView } from '../../../common/schemas/auth.ts';
import { ApiError } from '../../core/net/client.ts';
import { verifyEmail } from './auth-api.ts';
import { messageOf } from '../../core/net/errors.ts';
import { session } from '../../core/store/session.ts';
import ui from '../../ui/ui.module.css';
import { AuthLayout } from './AuthLayout.tsx';
import styles from './VerifyEmailScreen.module.css';

type Outcome = { state: 'busy' } | { state: 'confirmed' } | { state: 'failed'; message: string };

/**
 * The page a confirmation link opens (VERIFY_EMAIL_PATH), signed in (signed out, App shows the
 * sign-in form there first): proves the address, then shows the way on.
 */
export function VerifyEmailScreen() {
  const token = useSearchParams()[0].get('token');
  if (!token) return <VerifyEmailOutcome outcome={{ state: 'failed', message: UI_TEXT.verifyEmailIncomplete }} />;
  if (!couldBeLinkToken(token)) return <VerifyEmailOutcome outcome={{ state: 'failed', message: SERVER_MESSAGES.verifyLinkInvalid }} />;
  // Keyed by the token: another link opened in this tab starts afresh.
  return <Confirmation key={token} token={token} />;
}

function Confirmation({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'busy' });
  // A link works once: StrictMode's second run of the effect must await the same request, not send
  // another one that the server would refuse as used.
  const answer = useRef<Promise<UserView>>(undefined);

  useEffect(() => {
    let current = true;
    answer.current ??= verifyEmail(token);
    answer.current.then(
      () => current && setOutcome({ state: 'confirmed' }),
      (failure: unknown) => {
        if (!current) return;
        // The link was used already, perhaps by this very page a moment ago: the address is confirmed.
        if (failure instanceof ApiError && failure.code === 'invalid_token' && session.get().user?.email_verified) {
          return setOutcome({ state: 'confirmed' });
        }
        setOutcome({ state: 'failed', message: messageOf(failure, UI_TEXT.verifyEmailFailed) });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  return <VerifyEmailOutcome outcome={outcome} />;
}

function VerifyEmailOutcome({ outcome }: { outcome: Outcome }) {
  return (
    <AuthLayout title={UI_TEXT.verifyEmailTitle}>
      {/* Both regions stay in the page, so a change of their text is read out. */}
      <div>
        <p role="status" className={styles.message}>
          {outcome.state === 'busy' && UI_TEXT.verifyEmailBusy}
          {outcome.state === 'confirmed' && SERVER_MESSAGES.emailVerified}
        </p>
        <p role="alert" className={styles.message}>
          {outcome.state === 'failed' && outcome.message}
        </p>
      </div>
      {outcome.state !== 'busy' && <WayOn confirmed={outcome.state === 'confirmed'} />}
    </AuthLayout>
  );
}

/** Confirmed: on to the lists. Not: to Account Settings, where a new link can be sent. */
function WayOn({ confirmed }: { confirmed: boolean }) {
  return (
    <Link to={confirmed ? '/' : '/account'} className={`${ui.primary} ${styles.wayOn}`}>
      {confirmed ? UI_TEXT.goToLists : UI_TEXT.accountSettings}
    </Link>
  );
}
