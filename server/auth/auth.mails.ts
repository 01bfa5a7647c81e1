import type { Mail } from '../mail/mailer.ts';

/**
 * To the address of an account that is not proven yet: whoever registered it may not own the
 * address, and the address's owner takes the account over with a reset (which proves the address).
 */
export const NOT_YOUR_ACCOUNT =
  'If you did not create a Listo account with this address, someone else did. Ignore this mail, or make the account yours: choose "Forgot password?" on the sign-in page and set a new password.';

/** The mails of the auth feature, in one place. */
export const authMails = {
  resetPassword: (to: string, link: string): Mail => ({
    to,
    subject: 'Reset your Listo password',
    text: `Someone asked to reset the password of your Listo account.\n\nSet a new password here (the link works once, for one hour; asking again retires it):\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.`,
  }),
  verifyAddress: (to: string, link: string): Mail => ({
    to,
    subject: 'Confirm your e-mail address for Listo',
    text: `Welcome to Listo.\n\nConfirm that this address is yours: open this link and sign in to your account (the link works once, for a week):\n${link}\n\nLists shared with this address open once it is confirmed.\n\n${NOT_YOUR_ACCOUNT}`,
  }),
};
