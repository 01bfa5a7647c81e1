import { useState } from 'react';
import { MESSAGES, UI_TEXT } from '../../../../common/messages.ts';
import type { ListResponse } from '../../../../common/schemas/lists.ts';
import { newIdempotencyKey, sendRequest } from '../../../core/net/client.ts';
import { listRequests } from '../lists-api.ts';
import { BusyButton } from '../../../ui/BusyButton.tsx';
import { messageOf } from '../../../core/net/errors.ts';
import { FormMessage } from '../../../ui/FormMessage.tsx';
import ui from '../../../ui/ui.module.css';
import { upsertList } from '../list-actions.ts';
import styles from './ListScreen.module.css';

/**
 * A public list opened by its link, not (or no longer) one of the user's: it shows at once, and
 * joining it, to keep it on the dashboard, is this second step (POST /lists/{id}/join).
 */
export function VisitorJoin({ listId }: { listId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function join() {
    setBusy(true);
    setError(null);
    try {
      upsertList((await sendRequest<ListResponse>(listRequests.join(listId), newIdempotencyKey())).list);
    } catch (failure) {
      setError(messageOf(failure, MESSAGES.joinFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.visitor}>
      <p className={ui.muted}>{UI_TEXT.publicListByLink}</p>
      <BusyButton className={ui.secondary} busy={busy} onClick={() => void join()}>
        {UI_TEXT.joinToKeep}
      </BusyButton>
      <FormMessage error={error} notice={null} />
    </div>
  );
}
