import path from 'node:path';
import { BackupFileError } from './read-backup.ts';
import { DatabaseNotEmptyError } from './restore-backup.ts';
import { NotListoDatabaseError } from './snapshot.ts';
import { ConfigError } from '../config-error.ts';
import { loadConfig, type Config } from '../config.ts';
import { DatabaseInUseError } from '../db/open.ts';
import type { BlobStore } from '../images/blob-store.ts';
import { BLOBS_DIR } from '../images/blob-storage.ts';
import { createLocalBlobStore } from '../images/local-blob-store.ts';
import { startupProblem } from '../startup-problem.ts';

/** A command line that cannot be run as typed. */
export class UsageError extends Error {}

/** Where a restore puts photos: the store the server is configured with. Only `put` is used. */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  // Loaded only for a bucket: the AWS SDK is most of a command's start-up time.
  if (config.storage.driver === 's3') return (await import('../images/s3-blob-store.ts')).createS3BlobStore(config.storage.s3);
  return createLocalBlobStore({
    dir: path.join(config.dataDir, BLOBS_DIR),
    signedUrl: () => {
      throw new Error('a restore issues no URLs');
    },
  });
}

function whereTheDatabaseIs(config: Config): string {
  return config.databaseUrl ? `PostgreSQL at ${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname}` : `the SQLite database in ${config.dataDir}`;
}

/** One line for what the person at the keyboard can fix; undefined for a bug (printed whole). */
function problemOf(error: unknown, config: Config, usage: string): string | undefined {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) return `${(error as Error).message}. Usage: ${usage}`;
  if (error instanceof BackupFileError) return `The backup cannot be restored: ${error.message}.`;
  if (error instanceof DatabaseNotEmptyError) {
    return `Nothing was restored into ${whereTheDatabaseIs(config)}: ${error.message}. Restore into a new, empty database, or add --force to drop everything it holds first.`;
  }
  if (error instanceof NotListoDatabaseError) return `${whereTheDatabaseIs(config)} cannot be backed up: ${error.message}.`;
  if (error instanceof DatabaseInUseError) return `A Listo is running on ${whereTheDatabaseIs(config)}: stop it before restoring.`;
  if ((error as { code?: string }).code === 'SQLITE_CANTOPEN') return `There is no database to back up in ${config.dataDir} (DATA_DIR).`;
  return startupProblem(error, config);
}

/** Runs a backup or restore command: its lines on success, one line saying what to change on a failure it can explain. */
export async function runCommand(usage: string, run: (config: Config) => Promise<string[]>): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  try {
    for (const line of await run(config)) console.log(line);
  } catch (error) {
    const problem = problemOf(error, config, usage);
    if (problem) console.error(problem);
    else console.error('Failed:', error);
    process.exit(error instanceof UsageError ? 2 : 1);
  }
}
