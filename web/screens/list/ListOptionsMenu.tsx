import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { AI_TEXT } from '../../../common/ai-ui.ts';
import { LIST_VIEW_TEXT } from '../../../common/list-view.ts';
import { UI_TEXT } from '../../../common/messages.ts';
import { LeaveListDialog } from '../../components/LeaveListDialog.tsx';
import { Menu } from '../../components/Menu.tsx';
import menu from '../../components/PermissionMenu.module.css';
import ui from '../../components/ui.module.css';
import { useSignOut } from '../../components/SignOut.tsx';
import { runCustomPromptsAction, useAiAllowed, useAiBusy } from '../../state/ai-actions.ts';
import type { ClientList } from '../../state/app-state.ts';
import { leaveListAction } from '../../state/list-actions.ts';
import { toggleTheme, useTheme } from '../../state/theme.ts';

const ShareListModal = lazy(() => import('./ShareListModal.tsx').then((m) => ({ default: m.ShareListModal })));
const ListSettingsModal = lazy(() => import('./ListSettingsModal.tsx').then((m) => ({ default: m.ListSettingsModal })));

/**
 * The "..." of the list screen's header, which leaves the rest of the bar to the list's name: List
 * Settings, Share List, Run custom prompts and Leave list when the server says the user may use them
 * (and, for the prompts, the user may use AI), then the theme and Logout.
 */
export function ListOptionsMenu({ list }: { list: ClientList }) {
  const [open, setOpen] = useState<'share' | 'settings' | 'leave' | null>(null);
  const navigate = useNavigate();
  const theme = useTheme();
  const signOut = useSignOut();
  const ai = useAiAllowed(list);
  const runningPrompts = useAiBusy(list.id, 'prompts');
  const { manageList, manageShares, leaveList } = list.can;
  // The server took the right away while its dialog was open (an admin made an editor): the dialog
  // goes with its menu entry instead of offering controls that every use would be refused. It
  // stays shut when the right comes back.
  if (open !== null && !{ share: manageShares, settings: manageList, leave: leaveList }[open]) setOpen(null);
  const close = (next: boolean) => !next && setOpen(null);
  // Share List opened from List Settings, which gave way to it, may render only after its code
  // loaded, when nothing holds the focus any more: the menu's button takes it back then.
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
        {leaveList && (
          <DropdownMenu.Item className={menu.item} onSelect={() => setOpen('leave')}>
            Leave list
          </DropdownMenu.Item>
        )}
        {(manageList || manageShares || ai || leaveList) && <DropdownMenu.Separator className={menu.separator} />}
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
        {open === 'share' && <ShareListModal list={list} open onOpenChange={close} fallbackFocus={menuButton} />}
        {open === 'settings' && (
          <ListSettingsModal list={list} open onOpenChange={close} onShare={() => setOpen('share')} />
        )}
      </Suspense>
    </>
  );
}
