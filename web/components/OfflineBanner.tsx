import { WifiOff } from 'lucide-react';
import { UI_TEXT } from '../../common/messages.ts';
import { useAppState } from '../state/app-state.ts';
import styles from './OfflineBanner.module.css';

/** Says the app is offline and changes wait in the queue; a polite live region. */
export function OfflineBanner() {
  const online = useAppState((state) => state.online);
  const pending = useAppState((state) => state.pendingChanges.length);
  const text = !online ? UI_TEXT.offline : pending > 0 ? UI_TEXT.syncing : '';
  return (
    <div role="status" aria-live="polite" className={text ? styles.banner : styles.hidden}>
      {text && <WifiOff size={16} aria-hidden />}
      {text}
    </div>
  );
}
