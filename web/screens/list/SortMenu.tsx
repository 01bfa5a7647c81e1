import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { isBasicSortMode, LIST_VIEW_TEXT, SORT_MODE_LABELS } from '../../../common/list-view.ts';
import { PROPERTY_SORT_PREFIX, propertyLabel, type SortMode } from '../../../common/sorting.ts';
import menu from '../../components/PermissionMenu.module.css';
import styles from './ListScreen.module.css';

/** The label of a sort mode: its words, or the property's readable name ("Due date"). */
export function sortModeLabel(mode: SortMode): string {
  return isBasicSortMode(mode) ? SORT_MODE_LABELS[mode] : propertyLabel(mode.slice(PROPERTY_SORT_PREFIX.length));
}

interface SortMenuProps {
  mode: SortMode;
  /** The property keys the items carry, offered as "By property". */
  propertyKeys: readonly string[];
  onChange: (mode: SortMode) => void;
}

/** The sort mode as a menu of radio choices (Radix), labelled with what it sorts by now. */
export function SortMenu({ mode, propertyKeys, onChange }: SortMenuProps) {
  const choose = (value: string) => onChange(value as SortMode);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={styles.sortTrigger} aria-label={`${LIST_VIEW_TEXT.sortBy}: ${sortModeLabel(mode)}`}>
        <span className={styles.sortTriggerText}>{sortModeLabel(mode)}</span>
        <ChevronDown size={16} aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={menu.menu} sideOffset={4} align="end">
          <DropdownMenu.RadioGroup value={mode} onValueChange={choose}>
            <DropdownMenu.Label className={menu.label}>{LIST_VIEW_TEXT.sortBy}</DropdownMenu.Label>
            {Object.entries(SORT_MODE_LABELS).map(([value, label]) => (
              <DropdownMenu.RadioItem key={value} value={value} className={menu.item}>
                {label}
                <DropdownMenu.ItemIndicator className={menu.check} aria-hidden>✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          {propertyKeys.length > 0 && (
            <>
              <DropdownMenu.Separator className={menu.separator} />
              <DropdownMenu.RadioGroup value={mode} onValueChange={choose} aria-label={LIST_VIEW_TEXT.byProperty}>
                <DropdownMenu.Label className={menu.label}>{LIST_VIEW_TEXT.byProperty}</DropdownMenu.Label>
                {propertyKeys.map((key) => (
                  <DropdownMenu.RadioItem key={key} value={`${PROPERTY_SORT_PREFIX}${key}`} className={menu.item}>
                    {propertyLabel(key)}
                    <DropdownMenu.ItemIndicator className={menu.check} aria-hidden>✓</DropdownMenu.ItemIndicator>
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
