import { WifiOff } from 'lucide-react';
import { useState } from 'react';
import { UI_TEXT } from '../../../common/messages.ts';
import { useAppState } from '../../core/store/app-state.ts';
import { reloadIntoUpdate } from '../../core/net/app-update.ts';
import styles from './OfflineBanner.module.css';
import ui from '../../ui/ui.module.css';

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
      {shown === 'outdated' && <ReloadButton />}
    </div>
  );
}

/** Reloads into the updated app; busy while the new version downloads. */
function ReloadButton() {
  const [busy, setBusy] = useState(false);
  const reload = () => {
    setBusy(true);
    void reloadIntoUpdate();
  };
  return (
    <button type="button" className={ui.link} onClick={reload} disabled={busy} aria-busy={busy}>
      {busy ? UI_TEXT.updating : UI_TEXT.reload}
    </button>
  );
}
