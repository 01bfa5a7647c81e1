import { Settings } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { UI_TEXT } from '../../common/messages.ts';
import type { UserView } from '../../common/schemas/auth.ts';
import { refreshUser } from '../api/auth.ts';
import { AppHeader } from '../components/AppHeader.tsx';
import { Brand } from '../components/Brand.tsx';
import { OfflineBanner } from '../components/OfflineBanner.tsx';
import { Placeholders } from '../components/Placeholders.tsx';
import { useFocusOnArrival } from '../components/useFocusOnArrival.ts';
import ui from '../components/ui.module.css';
import { useAppState } from '../state/app-state.ts';
import { loadLists } from '../state/list-actions.ts';
import { loadForScreen } from '../state/screen-loads.ts';
import { CreateListForm } from './dashboard/CreateListForm.tsx';
import { ListCard } from './dashboard/ListCard.tsx';
import styles from './DashboardScreen.module.css';

/** The signed-in home (spec section 2): create a list, open, tag, share and delete lists. */
export function DashboardScreen({ user }: { user: UserView }) {
  const lists = useAppState((state) => state.lists);
  const loaded = useAppState((state) => state.listsLoaded);
  const heading = useFocusOnArrival<HTMLHeadingElement>();

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
        {!loaded ? (
          <Placeholders label={UI_TEXT.loadingLists} rowHeight={62} />
        ) : lists.length === 0 ? (
          <p className={styles.empty}>{UI_TEXT.noLists}</p>
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
