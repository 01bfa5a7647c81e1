/**
 * Constants and messages of the administrators' page and calls (docs/api.md "Administration",
 * docs/decisions/051). Shared by the server and the web app.
 */

/** Users per page of GET /admin/users: the page and the query stay small however many accounts there are. */
export const ADMIN_USERS_PAGE_MAX = 100;
export const ADMIN_USERS_PAGE_DEFAULT = 50;

export const ADMIN_MESSAGES = {
  adminOnly: "Only this server's administrators can do this",
  userNotFound: 'User not found',
  canUseAiRequired: 'Send can_use_ai as true or false',
  disabledRequired: 'Send disabled as true or false',
  notYourself: 'Administrators cannot disable or delete their own account here; use Account Settings',
  deleteEmailMismatch: "Send the account's e-mail address as email to confirm its deletion",
  badCursor: 'Send after as the e-mail address of the last user of the previous page',
  badLimit: `Send limit as a whole number from 1 to ${ADMIN_USERS_PAGE_MAX}`,
  /** Sign-in, password reset and account linking of a disabled account (403). */
  accountDisabled: "This account is disabled. Ask this Listo server's administrator to enable it.",
} as const;

/** What the page says. */
export const ADMIN_TEXT = {
  title: 'Administration',
  link: 'Open the administration page',
  linkExplained: 'This account is one of this server\'s administrators: manage its users and see its settings.',
  back: 'Back to Account Settings',
  toLists: 'Back to your lists',
  loading: 'Loading…',
  loadFailed: 'The administration page could not be loaded. Please try again.',
  actionFailed: 'That did not work. Please try again.',
  version: 'Version',
  database: 'Database',
  storage: 'Photos stored',
  localFiles: 'files on this server',
  mail: 'Mail',
  aiProvider: 'AI',
  providers: {
    gemini: 'Google Gemini',
    openai: 'OpenAI-compatible model',
    offline: 'built-in assistant (no cloud model)',
    none: 'turned off',
  },
  lists: (count: number) => (count === 1 ? '1 list' : `${count} lists`),
  aiAccessOf: (email: string) => `AI access for ${email}`,
  disableTitle: (email: string) => `Disable ${email}?`,
  notAdminTitle: 'Administrators only',
  notAdmin: "This page is for this Listo server's administrators. Your account is not one of them.",
  serverTitle: 'This server',
  usersTitle: 'Users',
  mailConfigured: 'configured (SMTP)',
  mailToLog: 'not configured: mails go to the server log',
  unconfirmed: 'not confirmed',
  confirmed: 'confirmed',
  disabled: 'disabled',
  confirmAddress: 'Confirm address',
  disable: 'Disable',
  enable: 'Enable',
  delete: 'Delete',
  more: 'Show more users',
  you: '(you)',
  deleteTitle: (email: string) => `Delete ${email}?`,
  deleteBody: (email: string) =>
    `The account ${email}, its lists and their items and photos are deleted for good. Items it added to other people's lists stay. This cannot be undone.`,
  disableBody: (email: string) => `${email} is signed out everywhere and cannot sign in until an administrator enables the account again.`,
  disabledDone: (email: string) => `${email} is disabled and signed out everywhere.`,
  enabledDone: (email: string) => `${email} can sign in again.`,
  confirmedDone: (email: string) => `The address ${email} is confirmed.`,
  deletedDone: (email: string) => `${email} was deleted.`,
  aiDone: (email: string, on: boolean) => `AI access is ${on ? 'on' : 'off'} for ${email}.`,
  /** Account Settings, AI access off: who can turn it on. */
  askAnAdmin: (names: readonly string[]) => `Ask ${names.join(' or ')} to turn it on.`,
  askTheAdmin: 'Ask the administrator of this Listo server to turn it on.',
} as const;

/** "12 kB", "3.4 MB": storage in the page. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
