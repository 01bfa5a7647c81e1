import { useAnnouncement } from '../state/announcements.ts';
import styles from './ui.module.css';

/**
 * The app's polite status for screen readers (state/announcements.ts); not seen. Keyed by the
 * announcement, so words repeated are put in again and read again.
 */
export function Announcer() {
  const { text, serial } = useAnnouncement();
  return (
    <div role="status" className={styles.visuallyHidden}>
      <span key={serial}>{text}</span>
    </div>
  );
}
