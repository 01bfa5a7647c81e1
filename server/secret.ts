import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config-error.ts';
import { makeFolder } from './make-folder.ts';

export const SECRET_FILE = 'secret.key';

/** The shortest secret key taken, from LISTO_SECRET or the data folder's secret.key. */
export const SECRET_MIN_LENGTH = 32;

/**
 * The server's secret key: LISTO_SECRET when set, else a random key made on first start and kept
 * in the data folder. Several processes sharing one PostgreSQL must share it (see docs/deploy.md).
 */
export function loadOrCreateSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, SECRET_FILE);
  makeFolder(dataDir);
  createOnce(file, crypto.randomBytes(32).toString('base64url'));
  const key = fs.readFileSync(file, 'utf8').trim();
  if (key.length < SECRET_MIN_LENGTH) {
    throw new ConfigError(
      `${file} holds no usable key (shorter than ${SECRET_MIN_LENGTH} characters). Delete it to have a new one made (everyone then signs in again), or set LISTO_SECRET.`,
    );
  }
  return key;
}

/**
 * Puts the key in place whole, unless a key is there already. The key is written to a file of its
 * own and then linked under the final name, which fails if that exists: two first starts at once
 * (processes sharing the data folder) keep one key, and neither reads the other's half-written file.
 */
export function createOnce(file: string, key: string): void {
  const draft = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}`;
  fs.writeFileSync(draft, key, { flag: 'wx', mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
