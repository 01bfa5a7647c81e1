import styles from './AppHeader.module.css';

/** The app's name in the header's leading slot, where no screen title takes it. */
export function Brand() {
  return <p className={styles.brand}>Listo</p>;
}
