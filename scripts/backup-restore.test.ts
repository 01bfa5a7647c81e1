import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../common/constants.ts';
import { everyRow } from '../server/test/backup.ts';
import { openDatabase } from '../server/db/open.ts';
import { killChildServers, startChildServer, type ChildServer } from '../server/test/child-server.ts';
import { emptyDatabaseTarget, urlWithSchema, usesPostgres } from '../server/test/test-database.ts';

/**
 * `npm run backup` and `npm run restore` as a self-hoster runs them: a backup of a running Listo on
 * SQLite, restored into a new data folder, and (with TEST_DATABASE_URL) into PostgreSQL, where two
 * processes then serve it side by side. The SQLite project only: the source is a SQLite data folder.
 */
const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-backup-cli-'));
const folder = (name: string) => path.join(work, name);
const base = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH: '0' };

/** Runs a script as `npm run` would, with only the environment given (and PATH); answers its exit code and output. */
async function script(name: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [`scripts/${name}.ts`, ...args], { cwd: REPO, env: { PATH: process.env.PATH ?? '', ...env } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function api(server: ChildServer, method: string, route: string, token?: string, body?: unknown) {
  const response = await fetch(`${server.url}${API_BASE_PATH}${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

describe.skipIf(usesPostgres())('backup and restore from the command line', () => {
  const file = folder('listo.tar.gz');
  let token: string;
  let listId: string;

  beforeAll(async () => {
    const source = await startChildServer({ ...base, DATA_DIR: folder('source') });
    const registered = await api(source, 'POST', '/auth/register', undefined, { email: 'cli@example.com', password: 'secret-password' });
    token = registered.body.token;
    listId = (await api(source, 'POST', '/lists', token, { name: 'Weekend' })).body.list.id;
    await api(source, 'POST', `/lists/${listId}/items`, token, { content: 'coffee' });
    // While it runs: the backup takes no lock and holds up no write.
    const backup = await script('backup', ['--out', file], { DATA_DIR: folder('source') });
    expect(backup, backup.output).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(new RegExp(`^Backup written to ${file}: \\d+ rows in \\d+ tables, 0 photo files, at migration \\d{3}-`));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await source.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });

  afterAll(async () => {
    await killChildServers();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('restores into a new data folder, where the same session finds its list', { timeout: 90_000 }, async () => {
    const restored = await script('restore', [file], { DATA_DIR: folder('copy') });
    expect(restored, restored.output).toMatchObject({ code: 0 });
    expect(restored.output).toContain(`The backup's server secret is in ${folder('copy')}/secret.key: signed-in devices stay signed in.`);
    expect(restored.output).toContain(`The backup's VAPID key pair is in ${folder('copy')}/vapid.json: devices keep their notifications.`);
    expect(fs.readFileSync(path.join(folder('copy'), 'vapid.json'), 'utf8')).toBe(fs.readFileSync(path.join(folder('source'), 'vapid.json'), 'utf8'));
    const server = await startChildServer({ ...base, DATA_DIR: folder('copy') });
    const items = await api(server, 'GET', `/lists/${listId}/items`, token);
    expect(items.status).toBe(200);
    expect(items.body.items.map((item: { content: string }) => item.content)).toEqual(['coffee']);
    // Listo holds the folder: a restore into it now is refused, in one line.
    const refused = await script('restore', [file, '--force'], { DATA_DIR: folder('copy') });
    expect(refused).toEqual({ code: 1, output: `A Listo is running on the SQLite database in ${folder('copy')}: stop it before restoring.\n` });
    await server.stop('SIGTERM');
    const again = await script('restore', [file], { DATA_DIR: folder('copy') });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/^Nothing was restored into the SQLite database in .*: it is not empty \(.*\)\. Restore into a new, empty database, or add --force to drop everything it holds first\.\n$/);
  });

  it('says how to use it, and what is wrong with a file that is not a backup', { timeout: 60_000 }, async () => {
    expect(await script('restore', [], {})).toEqual({ code: 2, output: 'name one backup file. Usage: npm run restore -- FILE [--force]\n' });
    expect(await script('backup', [], {})).toEqual({ code: 2, output: 'say where to write it: --out FILE. Usage: npm run backup -- --out FILE\n' });
    fs.writeFileSync(folder('not-a-backup'), 'hello');
    expect(await script('restore', [folder('not-a-backup')], { DATA_DIR: folder('never') })).toEqual({
      code: 1,
      output: 'The backup cannot be restored: not a backup file, or a damaged one (it does not decompress).\n',
    });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('moves a household to PostgreSQL: every row as it was, served by two processes', { timeout: 90_000 }, async () => {
    const { target, remove } = await emptyDatabaseTarget('postgres');
    const { url, schema } = target as { url: string; schema: string };
    const databaseUrl = urlWithSchema(url, schema);
    const secret = fs.readFileSync(path.join(folder('source'), 'secret.key'), 'utf8');
    try {
      const env = { DATABASE_URL: databaseUrl, LISTO_SECRET: secret, DATA_DIR: folder('shared') };
      const restored = await script('restore', [file], env);
      expect(restored, restored.output).toMatchObject({ code: 0 });
      const sqlite = await openDatabase({ kind: 'sqlite', file: path.join(folder('source'), 'listo.db') });
      const postgres = await openDatabase(target);
      try {
        expect(await everyRow(postgres)).toEqual(await everyRow(sqlite));
      } finally {
        await sqlite.close();
        await postgres.close();
      }
      const [a, b] = await Promise.all([startChildServer({ ...base, ...env }), startChildServer({ ...base, ...env })]);
      const added = await api(a, 'POST', `/lists/${listId}/items`, token, { id: crypto.randomUUID(), content: 'tea' });
      expect(added.status).toBe(201);
      const seen = await api(b, 'GET', `/lists/${listId}/items`, token);
      expect(seen.body.items.map((item: { content: string }) => item.content).sort()).toEqual(['coffee', 'tea']);
      await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
    } finally {
      await remove();
    }
  });
});
