import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronRight, Loader2, MoreVertical } from 'lucide-react';
import { languageName } from '../../../common/ai.ts';
import { AI_TEXT, TRANSLATION_LANGUAGES } from '../../../common/ai-ui.ts';
import menu from '../../components/PermissionMenu.module.css';
import ui from '../../components/ui.module.css';
import { addPropertiesAction, translateItemAction, useAiBusy } from '../../state/ai-actions.ts';
import type { ClientItem } from '../../state/app-state.ts';
import { isUnconfirmed } from '../../state/optimistic.ts';
import styles from './Ai.module.css';

/**
 * An item's "More" menu: Translate (a language) and Add properties. A Radix menu, so arrow keys,
 * Enter and Escape work and screen readers hear a menu; the button spins while the item's AI work
 * runs. Not on an item the server has not confirmed yet (it would not find it).
 */
export function ItemAiMenu({ item }: { item: ClientItem }) {
  const listId = item.list_id;
  const busy = useAiBusy(listId, item.id);
  if (isUnconfirmed(item)) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={ui.iconButton} aria-label={AI_TEXT.moreActions(item.content)} aria-busy={busy}>
        {busy ? <Loader2 size={18} className={styles.spinner} aria-hidden /> : <MoreVertical size={18} aria-hidden />}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={menu.menu} sideOffset={4} align="end" collisionPadding={8}>
          <DropdownMenu.Sub>
            <DropdownMenu.SubTrigger className={menu.item}>
              {AI_TEXT.translate}
              <ChevronRight size={16} className={styles.submenuArrow} aria-hidden />
            </DropdownMenu.SubTrigger>
            <DropdownMenu.Portal>
              <DropdownMenu.SubContent className={menu.menu} sideOffset={4} collisionPadding={8}>
                {TRANSLATION_LANGUAGES.map((code) => (
                  <DropdownMenu.Item key={code} className={menu.item} onSelect={() => void translateItemAction(listId, item, code)}>
                    {languageName(code)}
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.SubContent>
            </DropdownMenu.Portal>
          </DropdownMenu.Sub>
          <DropdownMenu.Item className={menu.item} onSelect={() => void addPropertiesAction(listId, item)}>
            {AI_TEXT.addProperties}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
