import { useEffect, useRef, useState } from 'react';
import { LINKED_APPS_TEXT } from '../../../common/alexa.ts';
import { CONSENT_TEXT } from '../../../common/oauth-apps.ts';
import type { LinkedAppView } from '../../../common/schemas/linked-apps.ts';
import { fetchLinkedApps, unlinkApp } from './linked-apps-api.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { messageOf } from '../../core/net/errors.ts';
import { FormMessage } from '../../ui/FormMessage.tsx';
import ui from '../../ui/ui.module.css';
import styles from '../../ui/SettingsPage.module.css';

const shortDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
const linkedOn = (iso: string) => LINKED_APPS_TEXT.linkedOn(shortDate(iso));

/** Account Settings' apps linked to the account (a voice assistant, an AI assistant), each with its last use and Unlink button. */
export function LinkedApps() {
  const [apps, setApps] = useState<LinkedAppView[] | null>(null);
  const [asking, setAsking] = useState<LinkedAppView | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // An unlinked app's row goes, its button with it: the focus goes to the section's title, above the notice.
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    fetchLinkedApps().then(
      (found) => current && setApps(found),
      () => current && setError(LINKED_APPS_TEXT.loadFailed),
    );
    return () => {
      current = false;
    };
  }, []);

  async function unlink(app: LinkedAppView) {
    setAsking(null);
    setBusy(app.client_id);
    setError(null);
    setNotice(null);
    try {
      await unlinkApp(app.client_id);
      setApps((list) => list?.filter((other) => other.client_id !== app.client_id) ?? null);
      setNotice(LINKED_APPS_TEXT.unlinked(app.name));
      title.current?.focus();
    } catch (failure) {
      setError(LINKED_APPS_TEXT.unlinkFailed + messageOf(failure, LINKED_APPS_TEXT.tryAgain));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="linked-apps-title" aria-busy={apps === null && !error}>
      <h2 id="linked-apps-title" ref={title} tabIndex={-1}>
        {LINKED_APPS_TEXT.title}
      </h2>
      {apps?.length === 0 && <p className={styles.hint}>{LINKED_APPS_TEXT.none}</p>}
      {apps && apps.length > 0 && (
        <ul className={styles.linkedApps}>
          {apps.map((app) => (
            <li key={app.client_id}>
              <span>
                <strong>{app.name}</strong>
                <span className={styles.hint}>
                  {linkedOn(app.linked_at)}
                  {app.last_used_at && `, ${CONSENT_TEXT.lastUsed(shortDate(app.last_used_at))}`}
                </span>
              </span>
              <BusyButton
                className={ui.secondary}
                busy={busy === app.client_id}
                aria-label={`${LINKED_APPS_TEXT.unlink} ${app.name}`}
                onClick={() => setAsking(app)}
              >
                {busy === app.client_id ? LINKED_APPS_TEXT.unlinking : LINKED_APPS_TEXT.unlink}
              </BusyButton>
            </li>
          ))}
        </ul>
      )}
      <FormMessage error={error} notice={notice} />
      <ConfirmDialog
        open={asking !== null}
        title={`${LINKED_APPS_TEXT.unlink} ${asking?.name ?? ''}`}
        message={asking ? LINKED_APPS_TEXT.unlinkConfirm(asking.name) : ''}
        confirmLabel={LINKED_APPS_TEXT.unlink}
        onConfirm={() => asking && void unlink(asking)}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
