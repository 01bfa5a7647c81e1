import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { alexaRedirectUri, E2E_ALEXA } from './alexa-client.ts';
import { mailboxFile } from './mailbox.ts';

/**
 * The server the browser tests talk to: the real `server/main.ts` on a fresh temporary data folder,
 * removed again when Playwright stops it. Without SMTP_URL it logs the mails it sends; those go to
 * the mailbox file (mailbox.ts), where the tests find their links.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-e2e-'));
const port = process.env.PORT ?? '3000';
const mailbox = mailboxFile(port);
fs.writeFileSync(mailbox, '');
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
  process.exit(code ?? 0);
});
