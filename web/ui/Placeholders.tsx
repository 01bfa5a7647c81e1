import styles from './Placeholders.module.css';

/**
 * Grey rows standing in for what is loading (the lists, a list's items), so the screen keeps its
 * shape and does not say "nothing here" before it knows. Screen readers hear the list as busy.
 */
export function Placeholders({ label, rowHeight }: { label: string; rowHeight: number }) {
  return (
    <ul className={styles.rows} aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((index) => (
        <li key={index} className={styles.row} style={{ height: rowHeight }} />
      ))}
    </ul>
  );
}
