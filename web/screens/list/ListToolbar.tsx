import { ArrowDownAZ, ListChecks } from 'lucide-react';
import { DEFAULT_SORT_MODE } from '../../../common/sorting.ts';
import ui from '../../components/ui.module.css';
import type { ListViewOptions } from '../../state/app-state.ts';
import { SortMenu } from './SortMenu.tsx';
import styles from './ListScreen.module.css';

interface ListToolbarProps {
  options: ListViewOptions;
  propertyKeys: string[];
  onChange: (options: ListViewOptions) => void;
}

/** A-Z toggle, completed-last toggle and the sort menu (spec sections 2 and 4). */
export function ListToolbar({ options, propertyKeys, onChange }: ListToolbarProps) {
  const alphabetical = options.mode === 'name-asc';
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
      <SortMenu mode={options.mode} propertyKeys={propertyKeys} onChange={(mode) => onChange({ ...options, mode })} />
    </div>
  );
}
