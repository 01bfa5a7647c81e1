import { useEffect, useState } from 'react';
import { logout, refreshUser } from '../api/auth.ts';
import ui from '../components/ui.module.css';
import type { Session } from '../state/session.ts';
import styles from './DashboardScreen.module.css';

/** A placeholder dashboard until the lists screens arrive (issue 5). */
export function DashboardScreen({ user }: { user: NonNullable<Session['user']> }) {
  const [busy, setBusy] = useState(false);

  // Confirms the stored token with the server (refreshing it if needed) and picks up changes.
  useEffect(() => {
    refreshUser().catch(() => undefined);
  }, []);

  async function onLogout() {
    setBusy(true);
    await logout().catch(() => undefined);
  }

  return (
    <>
      <header className={styles.header}>
        <p className={styles.brand}>Listo</p>
        <button type="button" className={ui.secondary} onClick={() => void onLogout()} disabled={busy}>
          Logout
        </button>
      </header>
      <main className={styles.main}>
        <h1>Your lists</h1>
        <p>
          Signed in as <strong data-testid="user-email">{user.email}</strong>.
        </p>
      </main>
    </>
  );
}
