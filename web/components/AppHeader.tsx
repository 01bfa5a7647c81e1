import { LogOut, Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { UI_TEXT } from '../../common/messages.ts';
import { logout } from '../api/auth.ts';
import { toggleTheme, useTheme } from '../state/theme.ts';
import ui from './ui.module.css';
import styles from './AppHeader.module.css';

/** The top bar: a leading slot (brand or back button), the theme toggle and Logout, on the content column. */
export function AppHeader({ leading, signedIn = true }: { leading: ReactNode; signedIn?: boolean }) {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const navigate = useNavigate();
  const signOut = async () => {
    await logout().catch(() => undefined);
    // To the sign-in screen: signed out, the URL of a public list would show its read-only view.
    navigate('/', { replace: true });
  };
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <div className={styles.leading}>{leading}</div>
        <button type="button" className={ui.iconButton} onClick={toggleTheme} aria-label={`Switch to ${next} theme`}>
          {theme === 'dark' ? <Sun size={20} aria-hidden /> : <Moon size={20} aria-hidden />}
        </button>
        {signedIn && (
          <button type="button" className={`${ui.secondary} ${styles.logout}`} onClick={() => void signOut()}>
            <LogOut size={18} aria-hidden />
            <span className={styles.logoutText}>{UI_TEXT.logout}</span>
          </button>
        )}
      </div>
    </header>
  );
}
