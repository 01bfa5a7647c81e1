import { LogOut, Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { UI_TEXT } from '../../common/messages.ts';
import { logout } from '../api/auth.ts';
import { toggleTheme, useTheme } from '../state/theme.ts';
import ui from './ui.module.css';
import styles from './AppHeader.module.css';

/** The top bar: a leading slot (brand or back button), the theme toggle and Logout, on the content column. */
export function AppHeader({ leading, signedIn = true }: { leading: ReactNode; signedIn?: boolean }) {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <div className={styles.leading}>{leading}</div>
        <button type="button" className={ui.iconButton} onClick={toggleTheme} aria-label={`Switch to ${next} theme`}>
          {theme === 'dark' ? <Sun size={20} aria-hidden /> : <Moon size={20} aria-hidden />}
        </button>
        {signedIn && (
          <button type="button" className={`${ui.secondary} ${styles.logout}`} onClick={() => void logout().catch(() => undefined)}>
            <LogOut size={18} aria-hidden />
            <span className={styles.logoutText}>{UI_TEXT.logout}</span>
          </button>
        )}
      </div>
    </header>
  );
}
