import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ACCESS_TOKEN_EXPIRY_DAYS,
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  ACCESS_TOKEN_SCOPE_TEXT,
  ACCESS_TOKEN_SCOPES,
  ACCESS_TOKENS_TEXT,
  DEFAULT_ACCESS_TOKEN_EXPIRY_DAYS,
  type AccessTokenExpiryDays,
  type AccessTokenScope,
} from '../../../common/access-tokens.ts';
import { timeAgo } from '../../../common/list-activity.ts';
import type { AccessTokenView } from '../../../common/schemas/access-tokens.ts';
import { createAccessToken, fetchAccessTokens, revokeAccessToken } from './access-tokens-api.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { messageOf } from '../../core/net/errors.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import ui from '../../ui/ui.module.css';
import { serverNow } from '../../core/net/server-clock.ts';
import { ShareLinkField } from '../shares/index.ts';
import styles from '../../ui/SettingsPage.module.css';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** "Created 3 Mar 2026 · last used 2 min ago · expires 2 Apr 2026" */
function facts(token: AccessTokenView): string {
  const used = token.last_used_at ? ACCESS_TOKENS_TEXT.lastUsed(timeAgo(token.last_used_at, serverNow())) : ACCESS_TOKENS_TEXT.neverUsed;
  return [ACCESS_TOKENS_TEXT.createdOn(day(token.created_at)), used, ACCESS_TOKENS_TEXT.expiresOn(day(token.expires_at))].join(' · ');
}

/**
 * Account Settings' "Apps and tokens": personal access tokens for apps that act for the person (an
 * assistant at /mcp, a script on the API). A new token's secret is shown once, with a copy button;
 * each token can be revoked, after a confirmation, and stops working at once.
 */
export function AccessTokens() {
  const [tokens, setTokens] = useState<AccessTokenView[] | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ReadonlySet<AccessTokenScope>>(new Set(['lists:read', 'items:write']));
  const [expiry, setExpiry] = useState<AccessTokenExpiryDays>(DEFAULT_ACCESS_TOKEN_EXPIRY_DAYS);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const [asking, setAsking] = useState<AccessTokenView | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A revoked token's row goes, its button with it: the focus goes to the section's title.
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    fetchAccessTokens().then(
      (found) => current && setTokens(found),
      () => current && setError(ACCESS_TOKENS_TEXT.loadFailed),
    );
    return () => {
      current = false;
    };
  }, []);

  function toggle(scope: AccessTokenScope, on: boolean) {
    setScopes((chosen) => new Set(ACCESS_TOKEN_SCOPES.filter((each) => (each === scope ? on : chosen.has(each)))));
    setError(null);
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    setCreating(true);
    setError(null);
    setNotice(null);
    try {
      const { token, secret } = await createAccessToken({ name, scopes: [...scopes], expires_in_days: expiry });
      setTokens((list) => [...(list ?? []), token]);
      setMade({ name: token.name, secret });
      setName('');
    } catch (failure) {
      setError(ACCESS_TOKENS_TEXT.createFailed + messageOf(failure, ACCESS_TOKENS_TEXT.tryAgain));
    } finally {
      setCreating(false);
    }
  }

  async function revoke(token: AccessTokenView) {
    setAsking(null);
    setRevoking(token.id);
    setError(null);
    setNotice(null);
    try {
      await revokeAccessToken(token.id);
      setTokens((list) => list?.filter((other) => other.id !== token.id) ?? null);
      setNotice(ACCESS_TOKENS_TEXT.revoked(token.name));
      title.current?.focus();
    } catch (failure) {
      setError(ACCESS_TOKENS_TEXT.revokeFailed + messageOf(failure, ACCESS_TOKENS_TEXT.tryAgain));
    } finally {
      setRevoking(null);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="access-tokens-title" aria-busy={tokens === null && !error}>
      <h2 id="access-tokens-title" ref={title} tabIndex={-1}>
        {ACCESS_TOKENS_TEXT.title}
      </h2>
      <p className={styles.explained}>{ACCESS_TOKENS_TEXT.explained}</p>
      {tokens?.length === 0 && <p className={styles.hint}>{ACCESS_TOKENS_TEXT.none}</p>}
      {tokens && tokens.length > 0 && (
        <ul className={styles.linkedApps} aria-label={ACCESS_TOKENS_TEXT.title}>
          {tokens.map((token) => (
            <li key={token.id}>
              <span>
                <strong dir="auto">{token.name}</strong>
                <span className={styles.hint}>{token.scopes.join(', ')}</span>
                <span className={styles.hint}>{facts(token)}</span>
              </span>
              <BusyButton
                className={ui.secondary}
                busy={revoking === token.id}
                aria-label={`${ACCESS_TOKENS_TEXT.revoke} ${token.name}`}
                onClick={() => setAsking(token)}
              >
                {revoking === token.id ? ACCESS_TOKENS_TEXT.revoking : ACCESS_TOKENS_TEXT.revoke}
              </BusyButton>
            </li>
          ))}
        </ul>
      )}
      {made && (
        <div className={styles.form} data-testid="new-token">
          <p className={styles.aiStatus}>
            <strong>{ACCESS_TOKENS_TEXT.shownOnce}</strong>
          </p>
          <ShareLinkField link={made.secret} name="tokenSecret" label={ACCESS_TOKENS_TEXT.secretLabel(made.name)} copyLabel={ACCESS_TOKENS_TEXT.copy} />
          <button
            type="button"
            className={ui.secondary}
            onClick={() => {
              setMade(null);
              title.current?.focus();
            }}
          >
            {ACCESS_TOKENS_TEXT.done}
          </button>
        </div>
      )}
      <form className={styles.form} onSubmit={(event) => void create(event)}>
        <Field
          label={ACCESS_TOKENS_TEXT.name}
          name="tokenName"
          placeholder={ACCESS_TOKENS_TEXT.namePlaceholder}
          maxLength={ACCESS_TOKEN_NAME_MAX_LENGTH}
          required
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        <fieldset className={styles.scopes}>
          <legend>{ACCESS_TOKENS_TEXT.scopes}</legend>
          {ACCESS_TOKEN_SCOPES.map((scope) => (
            <label key={scope}>
              <input type="checkbox" name="scope" value={scope} checked={scopes.has(scope)} onChange={(event) => toggle(scope, event.target.checked)} />
              {ACCESS_TOKEN_SCOPE_TEXT[scope]}
            </label>
          ))}
        </fieldset>
        <label className={ui.field}>
          {ACCESS_TOKENS_TEXT.expiry}
          <select
            name="tokenExpiry"
            className={ui.select}
            value={expiry}
            onChange={(event) => setExpiry(Number(event.target.value) as AccessTokenExpiryDays)}
          >
            {ACCESS_TOKEN_EXPIRY_DAYS.map((days) => (
              <option key={days} value={days}>
                {ACCESS_TOKENS_TEXT.expiryOption(days)}
              </option>
            ))}
          </select>
        </label>
        <FormMessage error={error} notice={notice} />
        <BusyButton type="submit" className={ui.primary} busy={creating}>
          {creating ? ACCESS_TOKENS_TEXT.creating : ACCESS_TOKENS_TEXT.create}
        </BusyButton>
      </form>
      <ConfirmDialog
        open={asking !== null}
        title={`${ACCESS_TOKENS_TEXT.revoke} ${asking?.name ?? ''}`}
        message={asking ? ACCESS_TOKENS_TEXT.revokeConfirm(asking.name) : ''}
        confirmLabel={ACCESS_TOKENS_TEXT.revoke}
        onConfirm={() => asking && void revoke(asking)}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
