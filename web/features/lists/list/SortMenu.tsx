import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { LIST_VIEW_TEXT } from '../../../../common/list-view.ts';
import { UNDO_TEXT } from '../../../../common/undo.ts';
import {
  AI_SORT_MENU,
  AI_SORT_MENU_LABEL,
  PROPERTY_SORT_PREFIX,
  SORT_MENU,
  sortModeLabel,
  type SortMenuEntry,
  type SortMode,
} from '../../../../common/sorting.ts';
import { STORE_ORDER_TEXT } from '../../../../common/store-order.ts';
import { Menu } from '../../../ui/Menu.tsx';
import menu from '../../../ui/PermissionMenu.module.css';
import styles from './ListScreen.module.css';

interface SortMenuProps {
  mode: SortMode;
  /** The property keys the items carry, offered as "By property". */
  propertyKeys: readonly string[];
  /** Offers the AI sorts (the user may use AI on the list). */
  aiSorts: boolean;
  /** The trips the store order was learned from, said under the choices while it sorts. */
  storeTrips: number;
  onChange: (mode: SortMode) => void;
  /** The rows show names only (a view setting of the list, kept on the device). */
  hideLabels: boolean;
  onHideLabels: (hide: boolean) => void;
}

/** One titled group of radio choices. */
function SortGroup({ label, entries, mode, first, onChange }: { label: string; entries: readonly SortMenuEntry[]; mode: SortMode; first?: boolean; onChange: (value: string) => void }) {
  return (
    <>
      {!first && <DropdownMenu.Separator className={menu.separator} />}
      <DropdownMenu.RadioGroup value={mode} onValueChange={onChange} aria-label={label}>
        <DropdownMenu.Label className={menu.label}>{label}</DropdownMenu.Label>
        {entries.map(({ value, label: text }) => (
          <DropdownMenu.RadioItem key={value} value={value} className={menu.item}>
            {text}
            <DropdownMenu.ItemIndicator className={menu.check} aria-hidden>✓</DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </>
  );
}

/** The sort mode as a menu of radio choices (Radix), labelled with what it sorts by now; then Hide labels. */
export function SortMenu({ mode, propertyKeys, aiSorts, storeTrips, onChange, hideLabels, onHideLabels }: SortMenuProps) {
  const choose = (value: string) => onChange(value as SortMode);
  // Named as the button names the mode: the quantity's entry says it orders by the amount.
  const byProperty = propertyKeys.map((key) => {
    const value = `${PROPERTY_SORT_PREFIX}${key}` as SortMode;
    return { value, label: sortModeLabel(value) };
  });
  return (
    <Menu
      trigger={{
        className: styles.sortTrigger,
        'aria-label': `${LIST_VIEW_TEXT.sortBy}: ${sortModeLabel(mode)}`,
        children: (
          <>
            <span className={styles.sortTriggerText}>{sortModeLabel(mode)}</span>
            <ChevronDown size={16} aria-hidden />
          </>
        ),
      }}
      className={menu.menu}
      align="end"
    >
      <SortGroup first label={LIST_VIEW_TEXT.sortBy} entries={SORT_MENU} mode={mode} onChange={choose} />
      {mode === 'store' && <DropdownMenu.Label className={menu.label}>{STORE_ORDER_TEXT.learnedFrom(storeTrips)}</DropdownMenu.Label>}
      {aiSorts && <SortGroup label={AI_SORT_MENU_LABEL} entries={AI_SORT_MENU} mode={mode} onChange={choose} />}
      {byProperty.length > 0 && <SortGroup label={LIST_VIEW_TEXT.byProperty} entries={byProperty} mode={mode} onChange={choose} />}
      <DropdownMenu.Separator className={menu.separator} />
      <DropdownMenu.CheckboxItem className={menu.item} checked={hideLabels} onCheckedChange={(checked) => onHideLabels(checked === true)}>
        {UNDO_TEXT.hideLabels}
        <DropdownMenu.ItemIndicator className={menu.check} aria-hidden>✓</DropdownMenu.ItemIndicator>
      </DropdownMenu.CheckboxItem>
    </Menu>
  );
}
