import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. SMTP when SMTP_URL is set; otherwise the mail is written to the server log. */
export interface Mailer {
  /** Whether a mail reaches its recipient; false when it only goes to the log (no SMTP_URL). */
  readonly delivers: boolean;
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  if (!options.smtpUrl) {
    return {
      delivers: false,
      async send(mail) {
        options.log.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP_URL set, logged instead):\n${mail.text}`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    delivers: true,
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close: () => transport.close(),
  };
}
