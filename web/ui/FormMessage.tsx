import styles from './ui.module.css';

/**
 * The outcome of a form: errors are alerts, good news a polite status, both read out. The box keeps
 * one line of room, so the buttons below do not jump when a message appears. `errorId` lets the
 * field an error is about name it (aria-describedby), so the field says it again when focused.
 */
export function FormMessage({ error, notice, errorId }: { error?: string | null; notice?: string | null; errorId?: string }) {
  return (
    <div className={styles.messages}>
      <p role="alert" className={styles.error} id={errorId}>
        {error}
      </p>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
    </div>
  );
}
