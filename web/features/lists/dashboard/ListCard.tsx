import { LogOut, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES, UI_TEXT } from '../../../../common/messages.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { LeaveListDialog } from '../LeaveListDialog.tsx';
import { ListProgress } from './ListProgress.tsx';
import { PermissionMenu } from '../../../ui/PermissionMenu.tsx';
import ui from '../../../ui/ui.module.css';
import { useAppState, type ClientList } from '../../../core/store/app-state.ts';
import { deleteListAction } from '../list-actions.ts';
import { isUnconfirmed } from '../../../core/sync/optimistic.ts';
import { changePermissionAction, leaveListAction, removeAccessAction } from '../../shares/index.ts';
import { NEW_LIST_INPUT_NAME } from './CreateListForm.tsx';
import styles from './ListCard.module.css';

/**
 * What takes the focus when a card leaves the dashboard by its user's hand: the next card's name,
 * the one before, else the field that makes a new list.
 */
function neighbourOf(card: HTMLElement | null): HTMLElement | null {
  const nameOf = (other: Element | null | undefined) => other?.querySelector<HTMLElement>('a') ?? null;
  return nameOf(card?.nextElementSibling) ?? nameOf(card?.previousElementSibling) ?? document.querySelector<HTMLElement>(`input[name="${NEW_LIST_INPUT_NAME}"]`);
}

/**
 * The card's counts: the server's; but while changes made on this device wait to be sent (offline),
 * those of the items held here, as the list's own screen shows them.
 */
function useShownCounts(list: ClientList): { done: number; total: number } | undefined {
  const waiting = useAppState((state) => state.pendingChanges.some((change) => change.listId === list.id));
  const held = useAppState((state) => state.items[list.id]);
  if (waiting && held) return { done: held.filter((item) => item.is_completed).length, total: held.length };
  // A list cached by an older version has no counts until the server's answer replaces it.
  return typeof list.item_count === 'number' ? { done: list.done_count, total: list.item_count } : undefined;
}

/**
 * A list on the dashboard: name, how many items are done and its last change, tags and, as the
 * server allows, a delete button (the owner) or a leave button (a member).
 */
export function ListCard({ list }: { list: ClientList }) {
  const [confirm, setConfirm] = useState<'delete' | { userId: string } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const pending = isUnconfirmed(list);
  const counts = useShownCounts(list);
  const card = useRef<HTMLLIElement>(null);
  // Read as the card is deleted or left, while it and its neighbours are still on the page.
  const neighbour = useRef<HTMLElement | null>(null);
  const noteNeighbour = () => (neighbour.current = neighbourOf(card.current));
  const focusNeighbour = () => neighbour.current;
  // A removed member's tag held the focus (it opened the dialog) and goes once the server agrees:
  // the focus stays in the card, on its name, instead of falling to the page.
  const keepFocusInCard = () => {
    if (document.activeElement === document.body) card.current?.querySelector<HTMLElement>('a')?.focus();
  };
  return (
    <li ref={card} className={styles.card} aria-busy={pending}>
      <Link to={`/lists/${list.id}`} className={styles.name} dir="auto">
        {list.name}
      </Link>
      {counts && (
        <div className={styles.progress}>
          <ListProgress done={counts.done} total={counts.total} lastChange={list.last_change} />
        </div>
      )}
      <div className={styles.tags}>
        {list.isOwner ? (
          <>
            {list.visibility === 'public' && <span className={ui.tag}>public</span>}
            {list.public_editable && <span className={ui.tag}>public-editable</span>}
            {list.shares?.map((share) => {
              // A long address is cut short on a narrow card (ui.tag); the title shows all of it.
              const shared = `shared: ${share.email}`;
              return list.can.manageShares ? (
                <PermissionMenu
                  key={share.user_id}
                  triggerClassName={ui.tag}
                  triggerLabel={`${shared}, ${share.permission}. Change access`}
                  triggerTitle={shared}
                  about={share.email}
                  current={share.permission}
                  onChange={(permission) => void changePermissionAction(list.id, share.user_id, permission)}
                  onRemove={() => setConfirm({ userId: share.user_id })}
                >
                  {shared}
                </PermissionMenu>
              ) : (
                <span key={share.user_id} className={ui.tag} title={shared}>
                  {shared}
                </span>
              );
            })}
          </>
        ) : (
          list.shareInfo && <span className={ui.tag}>{list.shareInfo.permission}</span>
        )}
      </div>
      {list.can.deleteList && (
        <button
          type="button"
          className={`${ui.iconButton} ${styles.action}`}
          aria-label={`Delete ${list.name}`}
          disabled={pending}
          onClick={() => setConfirm('delete')}
        >
          <Trash2 size={18} aria-hidden />
        </button>
      )}
      {list.can.leaveList && (
        <button
          type="button"
          className={`${ui.iconButton} ${styles.action}`}
          aria-label={`Leave ${list.name}`}
          title="Leave list"
          onClick={() => setLeaving(true)}
        >
          <LogOut size={18} aria-hidden />
        </button>
      )}
      {/* Mounted only while open: a dashboard of 1,000 cards spent a second mounting closed dialogs. */}
      {confirm !== null && (
        <ConfirmDialog
          open
          title={confirm === 'delete' ? 'Delete list' : 'Remove access'}
          message={confirm === 'delete' ? UI_TEXT.deleteListConfirm(list.name) : MESSAGES.removeAccessConfirm}
          confirmLabel={confirm === 'delete' ? 'Delete' : 'Remove'}
          onCancel={() => setConfirm(null)}
          fallbackFocus={focusNeighbour}
          onConfirm={() => {
            if (confirm === 'delete') {
              noteNeighbour();
              void deleteListAction(list.id);
            } else {
              void removeAccessAction(list.id, confirm.userId).then(keepFocusInCard);
            }
            setConfirm(null);
          }}
        />
      )}
      {leaving && (
        <LeaveListDialog
          open
          name={list.name}
          onCancel={() => setLeaving(false)}
          fallbackFocus={focusNeighbour}
          onConfirm={() => {
            noteNeighbour();
            setLeaving(false);
            void leaveListAction(list.id);
          }}
        />
      )}
    </li>
  );
}

