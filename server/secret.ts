import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makeFolder } from './make-folder.ts';

const SECRET_FILE = 'secret.key';

/**
 * The server's secret key: LISTO_SECRET when set, else a random key made on first start and kept
 * in the data folder. Several processes sharing one PostgreSQL must share it (see docs/deploy.md).
 */
export function loadOrCreateSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, SECRET_FILE);
  makeFolder(dataDir);
  try {
    // 'wx' fails if the file exists, so two first starts cannot overwrite each other's key.
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}
