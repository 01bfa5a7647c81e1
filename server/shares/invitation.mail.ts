import type { UserView } from '../../common/schemas/auth.ts';
import { NOT_YOUR_ACCOUNT } from '../auth/auth.mails.ts';
import type { ListRow } from '../db/schema.ts';
import type { Mail } from '../mail/mailer.ts';

/** One line, so a list name cannot add lines to a mail header. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Whoever shared, as an invitee sees them: "First (address)", or the address alone. */
export function sharerName(sharer: { first_name: string | null; email: string }): string {
  return sharer.first_name?.trim() ? `${sharer.first_name.trim()} (${sharer.email})` : sharer.email;
}

/**
 * The mail an invitation sends. To an address without an account: the join link and "create your
 * account". To an account that has not proven its address: the link that proves it.
 */
export function invitationMail(invitation: {
  list: ListRow;
  inviter: UserView;
  to: string;
  joinLink: string;
  verifyLink: string | undefined;
}): Mail {
  const { list, inviter, to, joinLink, verifyLink } = invitation;
  const who = sharerName(inviter);
  const next = verifyLink
    ? `A Listo account with this address (${to}) waits for the address to be confirmed. Open this link and sign in to that account to confirm it and open the list (the link works once, for a week):\n${verifyLink}\n\n${NOT_YOUR_ACCOUNT}`
    : `Create your account with this address (${to}) and confirm it with the link we then send you, to open it:\n${joinLink}`;
  return {
    to,
    subject: oneLine(`${who} shared the list "${list.name}" with you on Listo`),
    text: `${who} shared the list "${oneLine(list.name)}" with you on Listo.\n\n${next}\n\nIf you did not expect this, ignore this mail.`,
  };
}
