import { useLayoutEffect, useRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
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
 * Keeps a text area as tall as its text where CSS cannot (`field-sizing: content` is recent: older
 * Safari and Firefox show one row and cut the rest), again whenever the window's width changes.
 */
function useTallAsItsText(value: string) {
  const area = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const element = area.current;
    if (!element || (typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content'))) return;
    const fit = () => {
      element.style.height = 'auto';
      if (element.scrollHeight === 0) return;
      // scrollHeight leaves out the borders, which the border-box height includes.
      element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [value]);
  return area;
}

/**
 * A labelled value that cannot be changed here. A text area, not an input: an input shows one line
 * and cut a long e-mail address at 320 px, where this one wraps and grows to show it whole.
 */
export function ReadOnlyField({ label, value, ...rest }: { label: string; value: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const area = useTallAsItsText(value);
  return (
    <label className={styles.field}>
      {label}
      <textarea ref={area} className={`${styles.input} ${styles.readOnly}`} value={value} rows={1} readOnly {...rest} />
    </label>
  );
}
