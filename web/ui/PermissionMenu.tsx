import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import type { SharePermission } from '../../common/schemas/shares.ts';
import { Menu } from './Menu.tsx';
import styles from './PermissionMenu.module.css';

/** The choices of the shared tag's numbered prompt, as a small accessible menu (decision 034). */
const CHOICES: { value: SharePermission; label: string }[] = [
  { value: 'view', label: 'View only' },
  { value: 'edit', label: 'Edit' },
  { value: 'admin', label: 'Admin' },
];

interface PermissionMenuProps {
  /** The trigger's content; the trigger itself is a button. */
  children: ReactNode;
  triggerClassName: string | undefined;
  triggerLabel: string;
  /** Whose access it changes, shown whole at the menu's top: the trigger may cut a long address short on a phone. */
  about?: string;
  /** The trigger's tooltip, when its content may be cut short. */
  triggerTitle?: string;
  current: SharePermission;
  onChange: (permission: SharePermission) => void;
  onRemove: () => void;
}

export function PermissionMenu({ children, triggerClassName, triggerLabel, about, triggerTitle, current, onChange, onRemove }: PermissionMenuProps) {
  return (
    <Menu trigger={{ className: triggerClassName, 'aria-label': triggerLabel, title: triggerTitle, children }} className={styles.menu} align="start">
      {about && <DropdownMenu.Label className={styles.about}>{about}</DropdownMenu.Label>}
      <DropdownMenu.RadioGroup value={current} onValueChange={(value) => onChange(value as SharePermission)}>
        {CHOICES.map((choice) => (
          <DropdownMenu.RadioItem key={choice.value} value={choice.value} className={styles.item}>
            {choice.label}
            <DropdownMenu.ItemIndicator className={styles.check} aria-hidden>
              ✓
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
      <DropdownMenu.Separator className={styles.separator} />
      <DropdownMenu.Item className={`${styles.item} ${styles.danger}`} onSelect={onRemove}>
        Remove
      </DropdownMenu.Item>
    </Menu>
  );
}
