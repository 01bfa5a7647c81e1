import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Loader2, MoreVertical } from 'lucide-react';
import { useId } from 'react';
import { languageName } from '../../../common/ai.ts';
import { AI_TEXT, TRANSLATION_LANGUAGES } from '../../../common/ai-ui.ts';
import { Menu } from '../../ui/Menu.tsx';
import menu from '../../ui/PermissionMenu.module.css';
import ui from '../../ui/ui.module.css';
import { addPropertiesAction, translateItemAction, useAiBusy } from './ai-actions.ts';
import type { ClientItem } from '../../core/store/app-state.ts';
import { isUnconfirmed } from '../../core/sync/optimistic.ts';
import styles from './Ai.module.css';

/**
 * An item's "More" menu: Add properties, and Translate into one of the languages. A Radix menu, so
 * arrow keys, Enter and Escape work and screen readers hear a menu; one level only (a submenu does
 * not fit beside it on a phone). The button spins while the item's AI work runs. Not on an item
 * the server has not confirmed yet (it would not find it).
 */
export function ItemAiMenu({ item }: { item: ClientItem }) {
  const listId = item.list_id;
  const busy = useAiBusy(listId, item.id);
  if (isUnconfirmed(item)) return null;
  return (
    <Menu
      trigger={{
        className: `${ui.iconButton} ${styles.moreButton}`,
        'aria-label': AI_TEXT.moreActions(item.content),
        'aria-busy': busy,
        children: busy ? <Loader2 size={18} className={styles.spinner} aria-hidden /> : <MoreVertical size={18} aria-hidden />,
      }}
      className={`${menu.menu} ${styles.itemMenu}`}
      align="end"
      collisionPadding={8}
    >
      <ItemAiMenuEntries item={item} />
    </Menu>
  );
}

/**
 * The menu's entries, a component of their own so that they (and a language name for each, which
 * Intl builds slowly) are made when the menu opens, not for every row a list draws.
 */
function ItemAiMenuEntries({ item }: { item: ClientItem }) {
  const listId = item.list_id;
  const translateLabel = useId();
  return (
    <>
      <DropdownMenu.Item className={menu.item} onSelect={() => void addPropertiesAction(listId, item)}>
        {AI_TEXT.addProperties}
      </DropdownMenu.Item>
      <DropdownMenu.Separator className={menu.separator} />
      <DropdownMenu.Group aria-labelledby={translateLabel}>
        <DropdownMenu.Label id={translateLabel} className={styles.menuLabel}>
          {AI_TEXT.translateInto}
        </DropdownMenu.Label>
        {TRANSLATION_LANGUAGES.map((code) => {
          const name = languageName(code) ?? code;
          return (
            <DropdownMenu.Item
              key={code}
              className={menu.item}
              aria-label={AI_TEXT.translateTo(name)}
              onSelect={() => void translateItemAction(listId, item, code)}
            >
              {name}
            </DropdownMenu.Item>
          );
        })}
      </DropdownMenu.Group>
    </>
  );
}
