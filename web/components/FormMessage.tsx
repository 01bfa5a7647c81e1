import styles from './ui.module.css';

/** The outcome of a form: errors are alerts, good news a polite status, both read out. */
export function FormMessage({ error, notice }: { error?: string | null; notice?: string | null }) {
  return (
    <>
      <p role="alert" className={styles.error}>
        {error}
      </p>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
    </>
  );
}
