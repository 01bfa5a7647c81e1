import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { MESSAGES, UI_TEXT } from '../../../../common/messages.ts';
import ui from '../../../ui/ui.module.css';
import styles from './ListScreen.module.css';

/**
 * A list's page when the list is not the caller's to see: never was (a wrong link), or no longer
 * (deleted, or their access taken back while it was open, `name` being what it was called). Says
 * which, and leads back to the lists; a signed-out `visitor` of a public list has none, and is
 * told the list stopped being public and offered to sign in. Its owner (`mine`) deleted it
 * themself, in another tab or on another device: nobody took anything from them.
 */
export function ListGone({ name, visitor = false, mine = false }: { name: string | undefined; visitor?: boolean; mine?: boolean }) {
  const explained =
    name === undefined ? MESSAGES.listNotFound : visitor ? UI_TEXT.publicListGoneExplained : mine ? UI_TEXT.ownListGoneExplained : UI_TEXT.listGoneExplained;
  const title = useRef<HTMLHeadingElement>(null);
  // The list's controls went with it: the focus goes to what took their place, not to the page.
  useEffect(() => title.current?.focus(), []);
  return (
    <section className={styles.gone} aria-labelledby="list-gone-title">
      <h1 id="list-gone-title" ref={title} tabIndex={-1}>
        {name === undefined ? UI_TEXT.listNotFoundTitle : visitor ? UI_TEXT.publicListGone(name) : UI_TEXT.listGone(name)}
      </h1>
      <p>{explained}</p>
      <Link to="/" className={ui.primary}>
        {visitor ? UI_TEXT.signIn : UI_TEXT.goToLists}
      </Link>
    </section>
  );
}
