import { WifiOff } from 'lucide-react';
import { UI_TEXT } from '../../common/messages.ts';
import { useAppState } from '../state/app-state.ts';
import styles from './OfflineBanner.module.css';
import ui from './ui.module.css';

const NOTICES = {
  offline: UI_TEXT.offline,
  syncing: UI_TEXT.syncing,
  paused: UI_TEXT.livePaused,
  outdated: UI_TEXT.liveOutdated,
} as const;

/**
 * Says the app is offline and changes wait in the queue, or that others' changes are not arriving
 * (the live socket is down, or the server was updated: then with a Reload button); a polite live region.
 */
export function OfflineBanner() {
  const online = useAppState((state) => state.online);
  const pending = useAppState((state) => state.pendingChanges.length);
  const liveNotice = useAppState((state) => state.liveNotice);
  const shown = !online ? 'offline' : pending > 0 ? 'syncing' : liveNotice;
  return (
    <div role="status" aria-live="polite" className={shown ? styles.banner : styles.hidden}>
      {shown && <WifiOff size={16} aria-hidden />}
      {shown && NOTICES[shown]}
      {shown === 'outdated' && (
        <button type="button" className={ui.link} onClick={() => location.reload()}>
          {UI_TEXT.reload}
        </button>
      )}
    </div>
  );
}
