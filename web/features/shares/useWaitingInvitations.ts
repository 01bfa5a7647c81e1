import { useCallback, useEffect, useState } from 'react';
import type { InvitationsResponse } from '../../../common/schemas/shares.ts';
import { useUserDocumentArrivals } from '../account/index.ts';
import { fetchInvitations } from './shares-api.ts';

const NONE: InvitationsResponse = { invitations: [], can_send_mail: true };

/**
 * The invitations waiting for the signed-in account's address, read when the dashboard opens, when
 * the address becomes confirmed or the lists change (an invitation accepted elsewhere), when the
 * account's document arrives live (sent again when an invitation for the address comes, changes or
 * goes) and whenever the page comes back into view. Undefined until the first answer; a failed
 * read keeps the last (or, failing first, says none: the dashboard then speaks of the lists alone).
 */
export function useWaitingInvitations(verified: boolean, listCount: number): { waiting: InvitationsResponse | undefined; reload: () => void } {
  const [waiting, setWaiting] = useState<InvitationsResponse>();
  const arrivals = useUserDocumentArrivals();
  const reload = useCallback(() => {
    fetchInvitations().then(setWaiting, () => setWaiting((last) => last ?? NONE));
  }, []);

  useEffect(() => {
    reload();
    const onVisible = () => document.visibilityState === 'visible' && reload();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', reload);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', reload);
    };
  }, [reload, verified, listCount, arrivals]);

  return { waiting, reload };
}
