import { LogOut, Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { LIST_VIEW_TEXT } from '../../../common/list-view.ts';
import { UI_TEXT } from '../../../common/messages.ts';
import { toggleTheme, useTheme } from '../../core/store/theme.ts';
import ui from '../../ui/ui.module.css';
import { useSignOut } from './SignOut.tsx';
import styles from '../../ui/AppHeader.module.css';

interface AppHeaderProps {
  /** The brand, or a back button and a title. */
  leading: ReactNode;
  /** What sits at the end instead of the theme toggle and Logout (the list screen's "..." menu). */
  trailing?: ReactNode;
  signedIn?: boolean;
}

/** The top bar on the content column: leading slot, then the theme toggle and Logout (or `trailing`). */
export function AppHeader({ leading, trailing, signedIn = true }: AppHeaderProps) {
  const theme = useTheme();
  const signOut = useSignOut();
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <div className={styles.leading}>{leading}</div>
        {trailing ?? (
          <>
            <button
              type="button"
              className={ui.iconButton}
              onClick={toggleTheme}
              aria-label={LIST_VIEW_TEXT.switchTheme(theme === 'dark' ? 'light' : 'dark')}
            >
              {theme === 'dark' ? <Sun size={20} aria-hidden /> : <Moon size={20} aria-hidden />}
            </button>
            {signedIn && (
              <button type="button" className={`${ui.iconButton} ${styles.logout}`} onClick={() => void signOut()}>
                <LogOut size={18} aria-hidden />
                <span className={styles.logoutText}>{UI_TEXT.logout}</span>
              </button>
            )}
          </>
        )}
      </div>
    </header>
  );
}
