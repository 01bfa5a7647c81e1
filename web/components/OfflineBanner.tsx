import { WifiOff } from 'lucide-react';
import { UI_TEXT } from '../../common/messages.ts';
import { useAppState } from '../state/app-state.ts';
import styles from './OfflineBanner.module.css';

/**
 * Says the app is offline and changes wait in the queue, or that others' changes are not arriving
 * (the live socket is down); a polite live region.
 */
export function OfflineBanner() {
  const online = useAppState((state) => state.online);
  const pending = useAppState((state) => state.pendingChanges.length);
  const livePaused = useAppState((state) => state.livePaused);
  const text = !online ? UI_TEXT.offline : pending > 0 ? UI_TEXT.syncing : livePaused ? UI_TEXT.livePaused : '';
  return (
    <div role="status" aria-live="polite" className={text ? styles.banner : styles.hidden}>
      {text && <WifiOff size={16} aria-hidden />}
      {text}
    </div>
  );
}
