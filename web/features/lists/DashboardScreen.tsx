import { Settings } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { UI_TEXT } from '../../../common/messages.ts';
import type { UserView } from '../../../common/schemas/auth.ts';
import { refreshUser } from '../auth/index.ts';
import { AppHeader } from '../account/index.ts';
import { Brand } from '../../ui/Brand.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { Placeholders } from '../../ui/Placeholders.tsx';
import { useFocusOnArrival } from '../../ui/useFocusOnArrival.ts';
import ui from '../../ui/ui.module.css';
import { useAppState } from '../../core/store/app-state.ts';
import { loadLists } from './list-actions.ts';
import { loadForScreen } from './screen-loads.ts';
import { CreateListForm } from './dashboard/CreateListForm.tsx';
import { ListCard } from './dashboard/ListCard.tsx';
import { useWaitingInvitations, WaitingInvitations } from '../shares/index.ts';
import styles from './DashboardScreen.module.css';

/** The signed-in home: create a list, open, tag, share and delete lists. */
export function DashboardScreen({ user }: { user: UserView }) {
  const lists = useAppState((state) => state.lists);
  const loaded = useAppState((state) => state.listsLoaded);
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const { waiting, reload } = useWaitingInvitations(user.email_verified, lists.length);
  const invited = (waiting?.invitations.length ?? 0) > 0;

  // The cache is on screen already; the server's answer replaces it when it comes.
  useEffect(() => {
    loadForScreen('me', refreshUser).catch(() => undefined);
    loadForScreen('lists', loadLists).catch(() => undefined);
  }, []);

  return (
    <>
      <AppHeader leading={<Brand />} />
      <OfflineBanner />
      <main className={styles.main}>
        <div className={styles.heading}>
          <div>
            <h1 ref={heading} tabIndex={-1} className={styles.title}>
              Your lists
            </h1>
            <p className={ui.muted}>
              Signed in as <span data-testid="user-email">{user.email}</span>
            </p>
          </div>
          <Link to="/account" className={`${ui.secondary} ${styles.settings}`}>
            <Settings size={18} aria-hidden />
            <span>{UI_TEXT.accountSettings}</span>
          </Link>
        </div>
        <CreateListForm />
        {waiting && <WaitingInvitations user={user} waiting={waiting} onChange={reload} />}
        {/* No lists: not said before the invitations are known, as one may be where the first list comes from. */}
        {!loaded || (lists.length === 0 && !waiting) ? (
          <Placeholders label={UI_TEXT.loadingLists} rowHeight={62} />
        ) : lists.length === 0 ? (
          !invited && <p className={styles.empty}>{UI_TEXT.noLists}</p>
        ) : (
          <ul className={styles.lists} aria-label="Lists">
            {lists.map((list) => (
              <ListCard key={list.tempId ?? list.id} list={list} />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
