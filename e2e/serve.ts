import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { alexaRedirectUri, E2E_ALEXA } from './alexa-client.ts';
import { mailboxFile } from './mailbox.ts';
import { pushCertificateFiles } from './push-certificate.ts';
import { makeCertificate } from '../server/test/push-service.ts';
import { E2E_ADMIN_EMAIL } from './admin-account.ts';
import { E2E_STORE_TRIP_GAP_MS } from './store-trip.ts';

/**
 * The server the browser tests talk to: the real `server/main.ts` on a fresh temporary data folder,
 * removed again when Playwright stops it. Without SMTP_URL it logs the mails it sends; those go to
 * the mailbox file (mailbox.ts), where the tests find their links.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-e2e-'));
const port = process.env.PORT ?? '3000';
const mailbox = mailboxFile(port);
fs.writeFileSync(mailbox, '');
const pushCertificate = pushCertificateFiles(port);
const { key, cert } = makeCertificate();
fs.writeFileSync(pushCertificate.key, key, { mode: 0o600 });
fs.writeFileSync(pushCertificate.cert, cert);
const server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../server/main.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    RATE_LIMIT_AUTH: '0',
    // Mails are logged at info; of the rest, only warnings and errors are shown (below).
    LOG_LEVEL: 'info',
    // Links in mails open on the origin the browser uses, where its session is stored.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Account linking (e2e/alexa-login.spec.ts).
    ALEXA_CLIENT_ID: E2E_ALEXA.clientId,
    ALEXA_CLIENT_SECRET: E2E_ALEXA.clientSecret,
    ALEXA_REDIRECT_URIS: alexaRedirectUri(port),
    // AI (e2e/ai.spec.ts): the built-in offline assistant, whatever keys the machine's environment holds.
    AI_PROVIDER: 'offline',
    // The administrators' page (e2e/admin.spec.ts).
    ADMIN_EMAILS: E2E_ADMIN_EMAIL,
    // The learned store order (e2e/store-order.spec.ts): trips that end in seconds, not minutes.
    STORE_TRIP_GAP_SECONDS: String(E2E_STORE_TRIP_GAP_MS / 1000),
    // Notifications (e2e/notifications.spec.ts): a push service the test starts on 127.0.0.1, with
    // the certificate made above, and item changes told a second after the first.
    PUSH_ALLOW_LOOPBACK: 'true',
    NODE_EXTRA_CA_CERTS: pushCertificate.cert,
    PUSH_WINDOW_SECONDS: '1',
  },
});

/** pino's level number for warn. */
const WARN = 40;
readline.createInterface({ input: server.stdout }).on('line', (line) => {
  const entry = parseJson(line);
  if (typeof entry?.to === 'string') fs.appendFileSync(mailbox, `${line}\n`);
  else if (!entry || (entry.level ?? WARN) >= WARN) process.stdout.write(`${line}\n`);
});

function parseJson(line: string): { to?: unknown; level?: number } | undefined {
  try {
    return JSON.parse(line) as { to?: unknown; level?: number };
  } catch {
    return undefined;
  }
}

const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(mailbox, { force: true });
  for (const file of Object.values(pushCertificate)) fs.rmSync(file, { force: true });
  process.exit(code ?? 0);
});
