import type { Mail } from '../mail/mailer.ts';

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
    text: `Welcome to Listo.\n\nConfirm that this address is yours (the link works once, for a week):\n${link}\n\nLists shared with this address open once it is confirmed. If you did not create a Listo account, ignore this mail.`,
  }),
};
