import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { UI_TEXT } from '../../common/messages.ts';
import type { PublicListResponse } from '../../common/schemas/lists.ts';
import { sortItems } from '../../common/sorting.ts';
import { fetchPublicList } from '../api/lists.ts';
import { AppHeader } from '../components/AppHeader.tsx';
import { Brand } from '../components/Brand.tsx';
import ui from '../components/ui.module.css';
import type { ClientItem } from '../state/app-state.ts';
import { ItemList } from './list/ItemList.tsx';
import styles from './list/ListScreen.module.css';
import { LoginScreen } from './LoginScreen.tsx';

const noop = () => undefined;

/** A public list opened signed out: read-only, with a way to sign in. Not public: the sign-in screen. */
export function PublicListScreen() {
  const { id = '' } = useParams();
  const [data, setData] = useState<PublicListResponse | null | undefined>(undefined);

  useEffect(() => {
    fetchPublicList(id).then(setData, () => setData(null));
  }, [id]);

  if (data === null) return <LoginScreen />;
  const items = (data?.items ?? []).map((item): ClientItem => ({ ...item, list_id: id, images: null, created_by: null }));
  return (
    <>
      <AppHeader signedIn={false} leading={<Brand />} />
      <main className={styles.main} aria-busy={data === undefined}>
        {data && (
          <>
            <h1 className={styles.name} dir="auto">
              {data.list.name}
            </h1>
            <p className={ui.muted}>
              {UI_TEXT.publicListReadOnly} <Link to="/">Sign in</Link>
            </p>
            <ItemList items={sortItems(items, 'oldest')} groupKey={undefined} editable={false} onToggle={noop} onDelete={noop} />
          </>
        )}
      </main>
    </>
  );
}
