import styles from './ui.module.css';

/**
 * The outcome of a form: errors are alerts, good news a polite status, both read out. The box keeps
 * one line of room, so the buttons below do not jump when a message appears.
 */
export function FormMessage({ error, notice }: { error?: string | null; notice?: string | null }) {
  return (
    <div className={styles.messages}>
      <p role="alert" className={styles.error}>
        {error}
      </p>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
    </div>
  );
}
