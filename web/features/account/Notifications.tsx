import { useEffect, useState } from 'react';
import { PUSH_UI_TEXT } from '../../../common/push.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import ui from '../../ui/ui.module.css';
import { readPushState, turnPushOff, turnPushOn, type PushState } from '../notifications/index.ts';
import styles from '../../ui/SettingsPage.module.css';

/** What the section says for each state: plainly why not, where the device cannot or may not. */
const STATE_TEXT: Record<PushState, string> = {
  on: PUSH_UI_TEXT.on,
  off: PUSH_UI_TEXT.off,
  unsupported: PUSH_UI_TEXT.unsupported,
  insecure: PUSH_UI_TEXT.insecure,
  blocked: PUSH_UI_TEXT.blocked,
  offline: PUSH_UI_TEXT.offline,
};

/** Account Settings' notifications on this device: on or off, or why they cannot be. */
export function Notifications() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    // Settles either way: a failure to read shows as off (or offline).
    const read = () =>
      void readPushState().then(
        (found) => current && setState(found),
        () => current && setState(navigator.onLine ? 'off' : 'offline'),
      );
    read();
    // Back online, or the permission changed in another tab: read again.
    window.addEventListener('online', read);
    window.addEventListener('offline', read);
    return () => {
      current = false;
      window.removeEventListener('online', read);
      window.removeEventListener('offline', read);
    };
  }, []);

  async function toggle(on: boolean) {
    setBusy(true);
    setError(null);
    try {
      setState(await (on ? turnPushOn() : turnPushOff()));
    } catch {
      setError(navigator.onLine ? PUSH_UI_TEXT.failed : PUSH_UI_TEXT.offline);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="notifications-title" aria-busy={state === null}>
      <h2 id="notifications-title">{PUSH_UI_TEXT.section}</h2>
      <p className={styles.explained}>{PUSH_UI_TEXT.explain}</p>
      {state && (
        <p className={styles.hint} data-testid="push-state" role="status">
          {STATE_TEXT[state]}
        </p>
      )}
      {(state === 'off' || state === 'on') && (
        <BusyButton className={state === 'on' ? ui.secondary : ui.primary} busy={busy} onClick={() => void toggle(state === 'off')}>
          {state === 'on' ? PUSH_UI_TEXT.turnOff : PUSH_UI_TEXT.turnOn}
        </BusyButton>
      )}
      <FormMessage error={error} />
    </section>
  );
}
