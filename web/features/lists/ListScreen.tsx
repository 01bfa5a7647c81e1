import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { STORAGE_KEYS } from '../../../common/constants.ts';
import { groupKeyOf, labelsLeftOutBy } from '../../../common/grouping.ts';
import { UI_TEXT } from '../../../common/messages.ts';
import { sortablePropertyKeys, sortItems } from '../../../common/sorting.ts';
import { isNetworkError } from '../../core/net/client.ts';
import { AppHeader } from '../account/index.ts';
import { ListProgress } from './dashboard/ListProgress.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { Placeholders } from '../../ui/Placeholders.tsx';
import ui from '../../ui/ui.module.css';
import { AiActivity, aiSortAction, PhotoItemsButton, useAiAllowed } from '../ai/index.ts';
import { appStore, DEFAULT_LIST_VIEW, useAppState, type ClientItem, type ListViewOptions } from '../../core/store/app-state.ts';
import { useLearnedStoreOrder, useStoreOrderFollowing } from '../store-order/index.ts';
import { addTypedLineAction, deleteItemAction, loadItems, renameItemAction, toggleItemAction } from '../items/index.ts';
import { loadLists, loadVisitedList, renameListAction } from './list-actions.ts';
import { followListItems, followVisitedList } from './live-lists.ts';
import { isUnconfirmed } from '../../core/sync/optimistic.ts';
import { loadForScreen } from './screen-loads.ts';
import { AddBar } from './list/AddBar.tsx';
import { ITEM_ESTIMATE_PX, ItemList } from './list/ItemList.tsx';
import { ListGone } from './list/ListGone.tsx';
import { ListName } from './list/ListName.tsx';
import { VIEW_ONLY_NOTICE_ID } from './list/row-focus.ts';
import { useFocusWhenEditingEnds } from './list/useFocusWhenEditingEnds.ts';
import { SplitNotice } from './list/SplitNotice.tsx';
import { ListOptionsMenu } from './list/ListOptionsMenu.tsx';
import { ListToolbar } from './list/ListToolbar.tsx';
import { useItemImageDialog } from './list/useItemImageDialog.tsx';
import { VisitorJoin } from './list/VisitorJoin.tsx';
import styles from './list/ListScreen.module.css';
import { localStore } from '../../core/store/local-storage.ts';

const NO_ITEMS: ClientItem[] = [];

function setView(listId: string, options: ListViewOptions) {
  appStore.update((state) => ({ ...state, view: { ...state.view, [listId]: options } }));
}

/** One list, reachable by its own URL `/lists/:id`. */
export function ListScreen() {
  const { id = '' } = useParams();
  const own = useAppState((state) => state.lists.find((entry) => entry.id === id));
  const visited = useAppState((state) => state.visited[id]);
  const list = own ?? visited;
  const loaded = useAppState((state) => state.listsLoaded);
  const [missing, setMissing] = useState<string>();
  // The name of the list last shown here, and whose it was, for the page that says it went (access taken back live).
  const [shown, setShown] = useState<{ id: string; name: string; mine: boolean }>();
  if (list && (shown?.id !== id || shown.name !== list.name)) setShown({ id, name: list.name, mine: list.isOwner });
  const loadedItems = useAppState((state) => state.items[id]);
  const itemsReadAt = useAppState((state) => state.itemsReadAt[id]);
  const items = loadedItems ?? NO_ITEMS;
  // The load of the items that has ended, in success or not (list and how it is held: one's own or
  // visited by its link): until then an empty list is unknown, not empty.
  const [itemsSettled, setItemsSettled] = useState<string>();
  // The list whose items' load could not reach the server (offline).
  const [itemsUnreachable, setItemsUnreachable] = useState<string>();
  const history = useAppState((state) => state.history);
  const view = useAppState((state) => state.view[id] ?? DEFAULT_LIST_VIEW);
  const learned = useLearnedStoreOrder(id);
  const sorted = useMemo(() => sortItems(items, view.mode, view.completedLast, learned), [items, view, learned]);
  // One array per mode: the rows are memoized on their props.
  const leftOut = useMemo(() => labelsLeftOutBy(view.mode), [view.mode]);
  const propertyKeys = useMemo(() => sortablePropertyKeys(items), [items]);
  const done = useMemo(() => items.filter((item) => item.is_completed).length, [items]);
  const onToggle = useCallback((item: ClientItem) => void toggleItemAction(id, item), [id]);
  const onDelete = useCallback((item: ClientItem) => void deleteItemAction(id, item), [id]);
  const onRename = useCallback((item: ClientItem, text: string, startedFrom: string) => void renameItemAction(id, item, text, startedFrom), [id]);
  const images = useItemImageDialog(id, list?.can.editItems ?? false, items);
  const { notice: viewOnlyNotice, containerProps: listFocusWatch } = useFocusWhenEditingEnds(list?.can.editItems ?? false);
  const ai = useAiAllowed(list);

  const isOwn = own !== undefined;
  const unconfirmed = own !== undefined && isUnconfirmed(own);
  const itemsLoad = `${id}:${isOwn ? 'own' : 'visited'}`;
  const itemsLoading = loadedItems === undefined && !unconfirmed && itemsSettled !== itemsLoad;
  // Never read on this device, and now out of reach: its items are unknown here, which is not empty
  // (what the device added to it offline shows below the notice).
  const notHeldOffline = !unconfirmed && itemsReadAt === undefined && itemsUnreachable === id;

  useEffect(() => {
    localStore.setItem(STORAGE_KEYS.selectedList, id);
    loadForScreen('lists', loadLists).catch(() => undefined);
  }, [id]);

  // A list made here is followed once the server has it, live from where its load left off. Read
  // again when it stops being one's own: a member removed from a public list reads it as anyone may,
  // its items gone from the store with the membership (never an empty list).
  useEffect(() => {
    if (unconfirmed) return undefined;
    const loaded = loadForScreen(`items:${id}`, () => loadItems(id));
    const settled = () => setItemsSettled(itemsLoad);
    loaded.then(settled, (error: unknown) => {
      settled();
      if (isNetworkError(error)) setItemsUnreachable(id);
    });
    return followListItems(id, loaded);
  }, [id, unconfirmed, itemsLoad]);

  useStoreOrderFollowing(id, view.mode === 'store' && !unconfirmed, done);

  // Not one of the user's lists: maybe a public one opened by its link, which the server decides;
  // asked again when the visited list goes from the store (its items' subscription was refused).
  const held = list !== undefined;
  useEffect(() => {
    if (isOwn || !loaded || held) return;
    loadVisitedList(id).catch(() => setMissing(id));
  }, [id, isOwn, loaded, held]);

  // A visited list's rules and name come from the server live, as the `lists` topic brings a member's.
  const isVisited = !isOwn && visited !== undefined;
  useEffect(() => (isVisited ? followVisitedList(id) : undefined), [id, isVisited]);

  const back = (
    <Link to="/" className={ui.iconButton} aria-label="Back to lists">
      <ArrowLeft size={22} aria-hidden />
    </Link>
  );

  if (!list) {
    return (
      <>
        <AppHeader leading={back} />
        <main className={styles.main} aria-busy={missing !== id}>
          {missing === id && <ListGone name={shown?.id === id ? shown.name : undefined} mine={shown?.id === id && shown.mine} />}
        </main>
      </>
    );
  }

  // What the server says this user may do with the list; the client decides nothing itself.
  const editable = list.can.editItems;
  return (
    <>
      <AppHeader
        leading={
          <>
            {back}
            <ListName name={list.name} editable={list.can.manageList} onRename={(name, startedFrom) => void renameListAction(id, name, startedFrom)} />
          </>
        }
        trailing={<ListOptionsMenu list={list} />}
      />
      <OfflineBanner />
      <main className={styles.main} data-editable={editable} {...listFocusWatch}>
        <div className={styles.summary}>
          {/* The items here are the live truth of this list (the server's counts may be a moment
              behind); until they are in, the counts the server sent with the list stand in. */}
          <ListProgress
            done={itemsLoading || notHeldOffline ? list.done_count : done}
            total={itemsLoading || notHeldOffline ? list.item_count : items.length}
            lastChange={list.last_change}
          />
          <ListToolbar
            options={view}
            propertyKeys={propertyKeys}
            aiSorts={ai}
            storeTrips={learned.trips}
            onChange={(options) => {
              setView(id, options);
              void aiSortAction(id, options.mode, view.mode);
            }}
          />
        </div>
        {isVisited && <VisitorJoin listId={id} />}
        {/* Said, not only shown by greyed boxes and a missing add bar; it follows a change of access live. */}
        {!editable && (
          <p ref={viewOnlyNotice} id={VIEW_ONLY_NOTICE_ID} tabIndex={-1} className={styles.viewOnly}>
            {UI_TEXT.viewOnlyList}
          </p>
        )}
        <AiActivity listId={id} />
        {itemsLoading ? (
          <Placeholders label={UI_TEXT.loadingItems} rowHeight={ITEM_ESTIMATE_PX} />
        ) : (
          <>
            {(notHeldOffline || sorted.length === 0) && (
              <p className={styles.empty}>{notHeldOffline ? UI_TEXT.listNotAvailableOffline : editable ? UI_TEXT.noItems : UI_TEXT.noItemsToRead}</p>
            )}
            {sorted.length > 0 && (
              <ItemList
                items={sorted}
                groupKey={groupKeyOf(view.mode)}
                leftOut={leftOut}
                hideLabels={view.hideLabels}
                editable={editable}
                onToggle={onToggle}
                onDelete={onDelete}
                onRename={onRename}
                onImage={images.open}
                ai={ai}
              />
            )}
          </>
        )}
        {/* Fixed at the bottom of the window, but in the main landmark with the list it adds to. */}
        {editable && (
          <AddBar
            history={history}
            photoButton={ai && <PhotoItemsButton listId={id} />}
            notice={<SplitNotice listId={id} />}
            onAdd={(text) => addTypedLineAction(id, text)}
          />
        )}
      </main>
      {images.dialog}
    </>
  );
}
