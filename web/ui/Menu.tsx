import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, useState, type ReactNode } from 'react';

/** The landmarks a menu's button may sit in. */
const LANDMARKS = 'header, main, nav, aside, footer';

interface MenuProps extends Omit<DropdownMenu.DropdownMenuContentProps, 'children'> {
  /** The button's own props (its class, label, busy state) and its content. */
  trigger: DropdownMenu.DropdownMenuTriggerProps;
  children: ReactNode;
}

/**
 * A Radix dropdown menu (arrow keys, Enter, Escape, typeahead) that leaves the page as it is while
 * open. Not modal: a modal menu hides the rest of the page with aria-hidden while its buttons and
 * links stay focusable, and hides the page's main landmark and heading with it. It opens inside the
 * landmark of the button that opened it, not at the end of <body>, so nothing on the page stands
 * outside a landmark.
 */
export function Menu({ trigger, children, ...content }: MenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  // Where the menu opens; undefined until it first opens. The menu's content (its portal and
  // presence, with a style read each) is rendered only from then on: a list shows one menu per
  // item, and rendering them all closed was a tenth of opening a list (docs/performance.md).
  const [landmark, setLandmark] = useState<Element | null>();
  return (
    <DropdownMenu.Root modal={false} onOpenChange={(open) => open && setLandmark(button.current?.closest(LANDMARKS) ?? null)}>
      <DropdownMenu.Trigger ref={button} {...trigger} />
      {landmark !== undefined && (
        <DropdownMenu.Portal container={landmark}>
          <DropdownMenu.Content sideOffset={4} {...content}>
            {children}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      )}
    </DropdownMenu.Root>
  );
}
