import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { OIDC_TEXT } from '../../../common/oidc.ts';
import type { IdentitiesResponse } from '../../../common/schemas/oidc.ts';
import { fetchIdentities, finishWithProvider, goToProvider, unlinkProvider, cameBackFromProvider } from '../auth/index.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { messageOf } from '../../core/net/errors.ts';
import { FormMessage } from '../../ui/FormMessage.tsx';
import ui from '../../ui/ui.module.css';
import styles from '../../ui/SettingsPage.module.css';

type Provider = IdentitiesResponse['providers'][number];

/**
 * Account Settings' identity providers: each linked one with the address it gave and Unlink (while a
 * password or another provider still signs the account in), each other one with Link. Coming back
 * from a provider's link (`?oidc=finish`), it finishes the link here. Nothing shows without providers.
 */
export function SignInProviders() {
  const [state, setState] = useState<IdentitiesResponse | null>(null);
  const [asking, setAsking] = useState<Provider | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const finished = useRef(false);

  useEffect(() => {
    let current = true;
    const load = () =>
      fetchIdentities().then(
        (found) => current && setState(found),
        () => current && setError(OIDC_TEXT.loadFailed),
      );
    if (cameBackFromProvider(location.search) && !finished.current) {
      finished.current = true;
      navigate(location.pathname, { replace: true });
      void finishWithProvider()
        .then((answer) => answer.outcome === 'linked' && current && setNotice(OIDC_TEXT.linked(answer.identity.label)))
        .catch((failure: unknown) => current && setError(messageOf(failure, OIDC_TEXT.loadFailed)))
        .finally(load);
    } else void load();
    return () => {
      current = false;
    };
    // Once, on arrival: the finish is single-use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!state || state.providers.length === 0) {
    return error ? <FormMessage error={error} /> : null;
  }
  const linked = new Map(state.identities.map((identity) => [identity.provider, identity]));
  // The last way to sign in stays: no password and this one provider.
  const mayUnlink = state.has_password || state.identities.length > 1;

  async function link(provider: Provider) {
    setBusy(provider.id);
    setError(null);
    setNotice(null);
    try {
      await goToProvider(provider.id, 'link');
    } catch (failure) {
      setBusy(null);
      setError(messageOf(failure, OIDC_TEXT.unavailable(provider.label)));
    }
  }

  async function unlink(provider: Provider) {
    setAsking(null);
    setBusy(provider.id);
    setError(null);
    setNotice(null);
    try {
      await unlinkProvider(provider.id);
      setState((current) => current && { ...current, identities: current.identities.filter((identity) => identity.provider !== provider.id) });
      setNotice(OIDC_TEXT.unlinked(provider.label));
      title.current?.focus();
    } catch (failure) {
      setError(messageOf(failure, OIDC_TEXT.loadFailed));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="providers-title">
      <h2 id="providers-title" ref={title} tabIndex={-1}>
        {OIDC_TEXT.providersTitle}
      </h2>
      <ul className={styles.linkedApps}>
        {state.providers.map((provider) => {
          const identity = linked.get(provider.id);
          return (
            <li key={provider.id}>
              <span>
                <strong>{provider.label}</strong>
                <span className={styles.hint}>{identity ? OIDC_TEXT.linkedAs(identity.email ?? provider.label) : OIDC_TEXT.notLinked}</span>
              </span>
              {identity && mayUnlink && (
                <BusyButton
                  className={ui.secondary}
                  busy={busy === provider.id}
                  aria-label={`${OIDC_TEXT.unlink} ${provider.label}`}
                  onClick={() => setAsking(provider)}
                >
                  {busy === provider.id ? OIDC_TEXT.unlinking : OIDC_TEXT.unlink}
                </BusyButton>
              )}
              {!identity && (
                <BusyButton
                  className={ui.secondary}
                  busy={busy === provider.id}
                  aria-label={`${OIDC_TEXT.link} ${provider.label}`}
                  onClick={() => void link(provider)}
                >
                  {busy === provider.id ? OIDC_TEXT.redirecting : OIDC_TEXT.link}
                </BusyButton>
              )}
            </li>
          );
        })}
      </ul>
      {state.identities.length > 0 && !mayUnlink && <p className={styles.hint}>{OIDC_TEXT.lastSignInMethod}</p>}
      <FormMessage error={error} notice={notice} />
      <ConfirmDialog
        open={asking !== null}
        title={`${OIDC_TEXT.unlink} ${asking?.label ?? ''}`}
        message={asking ? OIDC_TEXT.unlinkConfirm(asking.label) : ''}
        confirmLabel={OIDC_TEXT.unlink}
        onConfirm={() => asking && void unlink(asking)}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
