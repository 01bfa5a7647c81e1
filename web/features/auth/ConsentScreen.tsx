import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CONSENT_TEXT, SCOPE_WORDS } from '../../../common/oauth-apps.ts';
import type { AppAuthorizationView } from '../../../common/schemas/oauth-apps.ts';
import { authorizationQueryOf, decideConsent, fetchConsent } from './app-consent-api.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { messageOf } from '../../core/net/errors.ts';
import ui from '../../ui/ui.module.css';
import { AuthLayout, authStyles } from './AuthLayout.tsx';
import styles from './ConsentScreen.module.css';

type Consent = Extract<AppAuthorizationView, { outcome: 'consent' }>;

/** Leaves for the app: the browser goes to its redirect URI with the answer. */
const leaveFor = (location: string) => window.location.assign(location);

/**
 * The consent page (docs/api.md, "Apps connecting by OAuth"): an app that wants to act for the
 * user sends the browser here with its authorization request. The page names the app, where the
 * browser will go back to and what the app could do, and the user allows or denies it; either way
 * the browser goes back to the app. A request the app should hear is wrong goes back at once; one
 * from an unknown app stays here, saying so.
 */
export function ConsentScreen() {
  const [params] = useSearchParams();
  const [query] = useState(() => authorizationQueryOf(params));
  const [consent, setConsent] = useState<Consent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [busy, setBusy] = useState<'allow' | 'deny' | null>(null);

  useEffect(() => {
    let current = true;
    fetchConsent(query).then(
      (view) => {
        if (!current) return;
        if (view.outcome === 'redirect') {
          setLeaving(true);
          leaveFor(view.location);
        } else setConsent(view);
      },
      (failure) => current && setError(messageOf(failure, CONSENT_TEXT.failed)),
    );
    return () => {
      current = false;
    };
  }, [query]);

  async function decide(decision: 'allow' | 'deny') {
    setBusy(decision);
    setError(null);
    try {
      const location = await decideConsent(query, decision);
      setLeaving(true);
      leaveFor(location);
    } catch (failure) {
      setError(messageOf(failure, CONSENT_TEXT.failed));
      setBusy(null);
    }
  }

  const loading = !consent && !error;
  return (
    <AuthLayout title={consent ? CONSENT_TEXT.title(consent.client.name) : CONSENT_TEXT.heading}>
      <div aria-busy={loading || leaving} aria-live="polite">
        {loading && <p className={authStyles.tagline}>{leaving ? CONSENT_TEXT.leaving : CONSENT_TEXT.loading}</p>}
        {consent && (
          <>
            <p className={authStyles.tagline}>{CONSENT_TEXT.redirectsTo(consent.client.redirect_host)}</p>
            <h2 className={styles.scopesTitle}>{CONSENT_TEXT.scopesTitle}</h2>
            <ul className={styles.scopes}>
              {consent.scopes.map((scope) => (
                <li key={scope}>{SCOPE_WORDS[scope]}</li>
              ))}
            </ul>
            <p className={styles.hint}>{CONSENT_TEXT.unverified}</p>
          </>
        )}
      </div>
      <div className={ui.messages}>
        <p role="alert" className={ui.error}>
          {error}
        </p>
      </div>
      {consent && !leaving && (
        <div className={styles.actions}>
          <BusyButton className={ui.secondary} busy={busy !== null} onClick={() => void decide('deny')}>
            {busy === 'deny' ? CONSENT_TEXT.denying : CONSENT_TEXT.deny}
          </BusyButton>
          <BusyButton className={ui.primary} busy={busy !== null} onClick={() => void decide('allow')}>
            {busy === 'allow' ? CONSENT_TEXT.allowing : CONSENT_TEXT.allow}
          </BusyButton>
        </div>
      )}
      {leaving && consent && <p className={authStyles.tagline}>{CONSENT_TEXT.leaving}</p>}
      {error && !consent && <Link to="/">{CONSENT_TEXT.backHome}</Link>}
    </AuthLayout>
  );
}
