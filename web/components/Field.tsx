import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
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

/**
 * A labelled value that cannot be changed here. A text area, not an input: an input shows one line
 * and cut a long e-mail address at 320 px, where this one wraps and grows to show it whole.
 */
export function ReadOnlyField({ label, value, ...rest }: { label: string; value: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <label className={styles.field}>
      {label}
      <textarea className={`${styles.input} ${styles.readOnly}`} value={value} rows={1} readOnly {...rest} />
    </label>
  );
}
