import type { InputHTMLAttributes } from 'react';
import styles from './ui.module.css';

/** A labelled input; the label wraps the input so both are one target for touch and screen readers. */
export function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={styles.field}>
      {label}
      <input className={styles.input} {...input} />
    </label>
  );
}
