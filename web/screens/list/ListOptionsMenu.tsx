import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import menu from '../../components/PermissionMenu.module.css';
import { AI_TEXT } from '../../../common/ai-ui.ts';
import ui from '../../components/ui.module.css';
import { runCustomPromptsAction, useAiAllowed, useAiBusy } from '../../state/ai-actions.ts';
import type { ClientList } from '../../state/app-state.ts';

const ShareListModal = lazy(() => import('./ShareListModal.tsx').then((m) => ({ default: m.ShareListModal })));
const ListSettingsModal = lazy(() => import('./ListSettingsModal.tsx').then((m) => ({ default: m.ListSettingsModal })));

/**
 * The "..." options of a list: List Settings, Share List and Run custom prompts, when the server
 * says the user may use them (and, for the prompts, the user may use AI).
 */
export function ListOptionsMenu({ list }: { list: ClientList }) {
  const [open, setOpen] = useState<'share' | 'settings' | null>(null);
  const ai = useAiAllowed(list);
  const runningPrompts = useAiBusy(list.id, 'prompts');
  const { manageList, manageShares } = list.can;
  if (!manageList && !manageShares && !ai) return null;
  const close = (next: boolean) => !next && setOpen(null);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={ui.iconButton} aria-label="List options">
          <MoreHorizontal size={22} aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={menu.menu} sideOffset={4} align="end">
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
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Suspense>
        {open === 'share' && <ShareListModal list={list} open onOpenChange={close} />}
        {open === 'settings' && (
          <ListSettingsModal list={list} open onOpenChange={close} onShare={() => setOpen('share')} />
        )}
      </Suspense>
    </>
  );
}
