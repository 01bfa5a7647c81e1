import { ArrowDownAZ, ListChecks } from 'lucide-react';
import { aiSortKindOf, DEFAULT_SORT_MODE } from '../../../../common/sorting.ts';
import ui from '../../../ui/ui.module.css';
import type { ListViewOptions } from '../../../core/store/app-state.ts';
import { SortMenu } from './SortMenu.tsx';
import styles from './ListScreen.module.css';

interface ListToolbarProps {
  options: ListViewOptions;
  propertyKeys: string[];
  /** Offers the AI sorts: the user may use AI on the list. */
  aiSorts?: boolean;
  /** The trips the store order was learned from. */
  storeTrips?: number;
  onChange: (options: ListViewOptions) => void;
}

/** A-Z toggle, completed-last toggle and the sort menu, with its Hide labels. */
export function ListToolbar({ options, propertyKeys, aiSorts = false, storeTrips = 0, onChange }: ListToolbarProps) {
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
      <SortMenu
        mode={options.mode}
        propertyKeys={propertyKeys}
        aiSorts={showAiSorts}
        storeTrips={storeTrips}
        hideLabels={options.hideLabels === true}
        onChange={(mode) => onChange({ ...options, mode })}
        onHideLabels={(hideLabels) => onChange({ ...options, hideLabels })}
      />
    </div>
  );
}
