import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A mail the e2e server would have sent: it has no SMTP_URL, so its mailer logs it (server/mail/mailer.ts). */
export interface LoggedMail {
  to: string;
  subject: string;
  /** The log message: a header line, then the mail's text. */
  msg: string;
}

/**
 * Where serve.ts keeps those mails, one JSON log line each, for the tests to open their links. One
 * file per port, so runs on other ports (E2E_PORT) keep their own.
 */
export function mailboxFile(port: string | number): string {
  return path.join(os.tmpdir(), `listo-e2e-mails-${port}.jsonl`);
}

/** The mails to `to` so far, oldest first. */
export function mailsTo(port: string | number, to: string): LoggedMail[] {
  const file = mailboxFile(port);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoggedMail)
    .filter((mail) => mail.to === to);
}

/** The link to the app's `page` (e.g. VERIFY_EMAIL_PATH) in a mail. */
export function linkIn(mail: LoggedMail, page: string): string {
  const link = mail.msg.match(new RegExp(`https?://\\S+${page}\\?\\S+`))?.[0];
  if (!link) throw new Error(`no ${page} link in the mail "${mail.subject}" to ${mail.to}`);
  return link;
}
