import styles from './AppHeader.module.css';
import { Brand } from './Brand.tsx';

/**
 * What a signed-in start paints at once while the signed-in app's chunk and its screen's load: the
 * header's bar with the brand, in the stored theme, instead of a blank page. It has no controls:
 * nothing works before the app does.
 */
export function StartingHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <div className={styles.leading}>
          <Brand />
        </div>
      </div>
    </header>
  );
}
