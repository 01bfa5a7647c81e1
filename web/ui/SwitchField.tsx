import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';
import styles from './SwitchField.module.css';

interface SwitchFieldProps {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** A labelled on/off switch (Radix: role="switch", Space toggles). */
export function SwitchField({ label, hint, checked, disabled, onCheckedChange }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {hint && <span className={styles.hint}>{hint}</span>}
      </label>
      <Switch.Root id={id} className={styles.switch} checked={checked} disabled={disabled} onCheckedChange={onCheckedChange}>
        <Switch.Thumb className={styles.thumb} />
      </Switch.Root>
    </div>
  );
}
