import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { UI_TEXT } from '../../../common/messages.ts';
import type { PublicItemView, PublicListResponse, PublicListView } from '../../../common/schemas/lists.ts';
import { sortItems } from '../../../common/sorting.ts';
import { fetchPublicList, ItemList, ListGone, useItemImageDialog, listScreenStyles as styles } from '../lists/index.ts';
import { AppHeader } from '../account/index.ts';
import { Brand } from '../../ui/Brand.tsx';
import ui from '../../ui/ui.module.css';
import type { ClientItem } from '../../core/store/app-state.ts';
import { followPublicList } from './public-live.ts';
import { joinPath } from './join-path.ts';
import { LoginScreen } from '../auth/index.ts';

const noop = () => undefined;

/**
 * A public list opened signed out (`/lists/{id}`, or its share link `/join/{id}`): read-only, kept
 * current by live updates, with a way to sign in that joins it.
 * Not public: the sign-in screen; no longer public (or deleted) while open: says so, as the
 * signed-in app says a list was taken away.
 */
export function PublicListScreen({ listId }: { listId?: string }) {
  const params = useParams();
  const id = listId ?? params.id ?? '';
  const [data, setData] = useState<PublicListResponse | null | undefined>(undefined);
  /** The live subscription's items once it has answered (never older than the read's), and of which list. */
  const [live, setLive] = useState<{ listId: string; items: PublicItemView[] }>();
  /** The list's document from the live subscription (its current name), once it has answered. */
  const [liveList, setLiveList] = useState<PublicListView>();
  const [goneId, setGoneId] = useState<string>();
  const loaded = Boolean(data);
  const gone = goneId === id;

  useEffect(() => {
    fetchPublicList(id).then(setData, () => setData(null));
  }, [id]);

  // Only once the list read as public: a wrong link needs no socket.
  useEffect(() => {
    if (!loaded) return undefined;
    return followPublicList(id, {
      onList: setLiveList,
      onItems: (items) => setLive({ listId: id, items }),
      onGone: () => setGoneId(id),
    });
  }, [id, loaded]);

  const list = liveList?.id === data?.list.id ? liveList : data?.list;
  const items = ((live?.listId === id ? live.items : undefined) ?? data?.items ?? []).map((item): ClientItem => ({ ...item, list_id: id, created_by: null }));
  const images = useItemImageDialog(id, false, items);

  if (data === null) return <LoginScreen />;
  return (
    <>
      <AppHeader signedIn={false} leading={<Brand />} />
      <main className={styles.main} aria-busy={data === undefined}>
        {list && gone && <ListGone name={list.name} visitor />}
        {list && !gone && (
          <>
            <h1 className={styles.name} dir="auto">
              {list.name}
            </h1>
            <p className={ui.muted}>
              {UI_TEXT.publicListReadOnly} <Link to={joinPath(id)}>{UI_TEXT.signIn}</Link>
            </p>
            {items.length === 0 ? (
              <p className={styles.empty}>{UI_TEXT.noItemsToRead}</p>
            ) : (
              <ItemList
                items={sortItems(items, 'oldest')}
                groupKey={undefined}
                editable={false}
                onToggle={noop}
                onDelete={noop}
                onImage={images.open}
              />
            )}
          </>
        )}
      </main>
      {images.dialog}
    </>
  );
}
