import { ArrowDownAZ, ListChecks } from 'lucide-react';
import {
  AI_SORT_MENU,
  AI_SORT_MENU_LABEL,
  aiSortKindOf,
  DEFAULT_SORT_MODE,
  PROPERTY_SORT_PREFIX,
  propertyLabel,
  SORT_MENU,
  type SortMode,
} from '../../../common/sorting.ts';
import ui from '../../components/ui.module.css';
import type { ListViewOptions } from '../../state/app-state.ts';
import styles from './ListScreen.module.css';

interface ListToolbarProps {
  options: ListViewOptions;
  propertyKeys: string[];
  /** Offers the AI sorts: the user may use AI on the list. */
  aiSorts?: boolean;
  onChange: (options: ListViewOptions) => void;
}

/** A-Z toggle, completed-last toggle and the sort mode (spec sections 2 and 4). */
export function ListToolbar({ options, propertyKeys, aiSorts = false, onChange }: ListToolbarProps) {
  const alphabetical = options.mode === 'name-asc';
  // An AI sort chosen before AI was turned off stays named in the menu.
  const showAiSorts = aiSorts || aiSortKindOf(options.mode) !== undefined;
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Sort">
      <button
        type="button"
        className={ui.iconButton}
        aria-pressed={alphabetical}
        aria-label="Sort A-Z"
        title="Sort A-Z"
        onClick={() => onChange({ ...options, mode: alphabetical ? DEFAULT_SORT_MODE : 'name-asc' })}
      >
        <ArrowDownAZ size={20} aria-hidden />
      </button>
      <button
        type="button"
        className={ui.iconButton}
        aria-pressed={options.completedLast}
        aria-label="Completed last"
        title="Completed last"
        onClick={() => onChange({ ...options, completedLast: !options.completedLast })}
      >
        <ListChecks size={20} aria-hidden />
      </button>
      <label className={styles.sortLabel}>
        <span className="visually-hidden">Sort by</span>
        <select
          className={styles.sortSelect}
          value={options.mode}
          onChange={(event) => onChange({ ...options, mode: event.target.value as SortMode })}
        >
          {SORT_MENU.map((mode) => (
            <option key={mode.value} value={mode.value}>
              {mode.label}
            </option>
          ))}
          {showAiSorts && (
            <optgroup label={AI_SORT_MENU_LABEL}>
              {AI_SORT_MENU.map((mode) => (
                <option key={mode.value} value={mode.value}>
                  {mode.label}
                </option>
              ))}
            </optgroup>
          )}
          {propertyKeys.length > 0 && (
            <optgroup label="By property">
              {propertyKeys.map((key) => (
                <option key={key} value={`${PROPERTY_SORT_PREFIX}${key}`}>
                  {propertyLabel(key)}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </label>
    </div>
  );
}
