import { lastChangeLine } from '../../../../common/list-activity.ts';
import { LIST_VIEW_TEXT } from '../../../../common/list-view.ts';
import type { LastChangeView } from '../../../../common/schemas/lists.ts';
import { useNow } from './useNow.ts';
import styles from './ListProgress.module.css';

interface ListProgressProps {
  done: number;
  total: number;
  lastChange: LastChangeView | null;
}

/** "3 of 12 done", then "Sam added 3 items, 2 min ago": a list's header and its dashboard card. */
export function ListProgress({ done, total, lastChange }: ListProgressProps) {
  const now = useNow();
  const line = lastChange && lastChangeLine(lastChange, now);
  return (
    <p className={styles.progress}>
      <span className={styles.count} data-complete={total > 0 && done === total}>
        {LIST_VIEW_TEXT.progress(done, total)}
      </span>
      {line && (
        // Each name people typed takes its own direction; the comma and the time stay in the line's.
        <span className={styles.change} data-testid="last-change">
          <bdi>{line.who}</bdi> <bdi>{line.what}</bdi>, {line.when}
        </span>
      )}
    </p>
  );
}
