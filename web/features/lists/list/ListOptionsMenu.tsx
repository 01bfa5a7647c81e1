import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { AI_TEXT } from '../../../../common/ai-ui.ts';
import { LIST_VIEW_TEXT } from '../../../../common/list-view.ts';
import { UI_TEXT } from '../../../../common/messages.ts';
import { UNDO_TEXT } from '../../../../common/undo.ts';
import { LeaveListDialog } from '../LeaveListDialog.tsx';
import { Menu } from '../../../ui/Menu.tsx';
import menu from '../../../ui/PermissionMenu.module.css';
import ui from '../../../ui/ui.module.css';
import { useSignOut } from '../../account/index.ts';
import { runCustomPromptsAction, useAiAllowed, useAiBusy } from '../../ai/index.ts';
import { useAppState, type ClientList } from '../../../core/store/app-state.ts';
import { clearCompletedAction, clearSortLabelsAction, hasSortLabels } from '../../items/index.ts';
import { leaveListAction, ShareListModal } from '../../shares/index.ts';
import { goingShoppingAction, isSharedWithOthers, setListMutedAction, useListMuted } from '../../notifications/index.ts';
import { PUSH_UI_TEXT } from '../../../../common/push.ts';
import type { ListExportQuery } from '../../../../common/schemas/transfer.ts';
import { LIST_TRANSFER_TEXT, TRANSFER_TEXT } from '../../../../common/transfer.ts';
import { downloadListExport, ListImportDialog } from '../../transfer/index.ts';
import { messageOf } from '../../../core/net/errors.ts';
import { notify } from '../../../core/store/toasts.ts';
import { toggleTheme, useTheme } from '../../../core/store/theme.ts';

const ListSettingsModal = lazy(() => import('./ListSettingsModal.tsx').then((m) => ({ default: m.ListSettingsModal })));

/**
 * The "..." of the list screen's header, which leaves the rest of the bar to the list's name: List
 * Settings, Share List, Run custom prompts, Clear checked items, Clear sort labels (when an item has
 * them), Import into this list and Leave list when the server says the user may use them (and, for
 * the prompts, the user may use AI), Export as Markdown or CSV for everyone, then the theme and Logout. The clears offer Undo (features/items/undoable-actions.ts).
 */
export function ListOptionsMenu({ list }: { list: ClientList }) {
  const [open, setOpen] = useState<'share' | 'settings' | 'leave' | 'import' | null>(null);
  const [exporting, setExporting] = useState(false);
  const navigate = useNavigate();
  const theme = useTheme();
  const signOut = useSignOut();
  const ai = useAiAllowed(list);
  const runningPrompts = useAiBusy(list.id, 'prompts');
  const { manageList, manageShares, leaveList, editItems } = list.can;
  // Notifications are about the others: a list nobody shares has neither the ping nor the mute.
  // The mute is in List Settings for those who open it; the other members have it here.
  const shared = isSharedWithOthers(list);
  const muteHere = shared && !manageList;
  const muted = useListMuted(list.id, muteHere);
  const hasChecked = useAppState((state) => (state.items[list.id] ?? []).some((item) => item.is_completed));
  const hasLabels = useAppState((state) => (state.items[list.id] ?? []).some(hasSortLabels));
  // The server took the right away while its dialog was open (an admin made an editor): the dialog
  // goes with its menu entry instead of offering controls that every use would be refused. It
  // stays shut when the right comes back.
  if (open !== null && !{ share: manageShares, settings: manageList, leave: leaveList, import: editItems }[open]) setOpen(null);
  const close = (next: boolean) => !next && setOpen(null);
  // Share List opened from List Settings, which gave way to it, may render only after its code
  // loaded, when nothing holds the focus any more: the menu's button takes it back then.
  async function exportAs(format: ListExportQuery['format']) {
    setExporting(true);
    try {
      await downloadListExport(list.id, format);
    } catch (failure) {
      notify(LIST_TRANSFER_TEXT.exportFailed + messageOf(failure, TRANSFER_TEXT.tryAgain), 'error');
    } finally {
      setExporting(false);
    }
  }
  const menuButton = () => document.querySelector<HTMLElement>(`button[aria-label="${LIST_VIEW_TEXT.listOptions}"]`);
  return (
    <>
      <Menu
        trigger={{ className: ui.iconButton, 'aria-label': LIST_VIEW_TEXT.listOptions, children: <MoreHorizontal size={22} aria-hidden /> }}
        className={menu.menu}
        align="end"
      >
        {manageList && (
          <DropdownMenu.Item className={menu.item} onSelect={() => setOpen('settings')}>
            List Settings
          </DropdownMenu.Item>
        )}
        {manageShares && (
          <DropdownMenu.Item className={menu.item} onSelect={() => setOpen('share')}>
            Share List
          </DropdownMenu.Item>
        )}
        {ai && (
          <DropdownMenu.Item className={menu.item} disabled={runningPrompts} onSelect={() => void runCustomPromptsAction(list)}>
            {runningPrompts ? AI_TEXT.runningCustomPrompts : AI_TEXT.runCustomPrompts}
          </DropdownMenu.Item>
        )}
        {shared && (
          <DropdownMenu.Item className={menu.item} onSelect={() => void goingShoppingAction(list.id)}>
            {PUSH_UI_TEXT.goingShopping}
          </DropdownMenu.Item>
        )}
        {muteHere && (
          <DropdownMenu.CheckboxItem
            className={menu.item}
            checked={muted === true}
            disabled={muted === undefined}
            onCheckedChange={(checked) => void setListMutedAction(list.id, checked)}
          >
            {PUSH_UI_TEXT.mute}
          </DropdownMenu.CheckboxItem>
        )}
        {editItems && (
          <DropdownMenu.Item className={menu.item} disabled={!hasChecked} onSelect={() => void clearCompletedAction(list.id)}>
            {UNDO_TEXT.clearCompleted}
          </DropdownMenu.Item>
        )}
        {editItems && hasLabels && (
          <DropdownMenu.Item className={menu.item} onSelect={() => void clearSortLabelsAction(list.id)}>
            {UNDO_TEXT.clearSortLabels}
          </DropdownMenu.Item>
        )}
        {editItems && (
          <DropdownMenu.Item className={menu.item} onSelect={() => setOpen('import')}>
            {LIST_TRANSFER_TEXT.importIntoList}
          </DropdownMenu.Item>
        )}
        <DropdownMenu.Item className={menu.item} disabled={exporting} onSelect={() => void exportAs('markdown')}>
          {LIST_TRANSFER_TEXT.exportMarkdown}
        </DropdownMenu.Item>
        <DropdownMenu.Item className={menu.item} disabled={exporting} onSelect={() => void exportAs('csv')}>
          {LIST_TRANSFER_TEXT.exportCsv}
        </DropdownMenu.Item>
        {leaveList && (
          <DropdownMenu.Item className={menu.item} onSelect={() => setOpen('leave')}>
            Leave list
          </DropdownMenu.Item>
        )}
        <DropdownMenu.Separator className={menu.separator} />
        <DropdownMenu.Item className={menu.item} onSelect={toggleTheme}>
          {LIST_VIEW_TEXT.switchTheme(theme === 'dark' ? 'light' : 'dark')}
        </DropdownMenu.Item>
        <DropdownMenu.Item className={menu.item} onSelect={() => void signOut()}>
          {UI_TEXT.logout}
        </DropdownMenu.Item>
      </Menu>
      <LeaveListDialog
        open={open === 'leave'}
        name={list.name}
        onCancel={() => setOpen(null)}
        onConfirm={() => {
          setOpen(null);
          // To the dashboard, where the list goes at once (and comes back if the server refuses).
          navigate('/');
          void leaveListAction(list.id);
        }}
      />
      <Suspense>
        {open === 'import' && <ListImportDialog listId={list.id} onClose={() => setOpen(null)} />}
        {open === 'share' && <ShareListModal list={list} open onOpenChange={close} fallbackFocus={menuButton} />}
        {open === 'settings' && (
          <ListSettingsModal list={list} open onOpenChange={close} onShare={() => setOpen('share')} />
        )}
      </Suspense>
    </>
  );
}
