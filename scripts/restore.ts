/**
 * `npm run restore -- FILE [--force]`: restores a backup made by `npm run backup` into the database
 * Listo is configured with (DATA_DIR or DATABASE_URL), SQLite or PostgreSQL whichever it came from.
 * The database must be empty (a new one), unless `--force` drops what it holds first. Stop Listo
 * first (docs/deploy.md, "Backups").
 */
import { parseArgs } from 'node:util';
import { createBlobStore, runCommand, UsageError } from '../server/backup/command.ts';
import { restoreBackup } from '../server/backup/restore-backup.ts';
import { databaseTarget } from '../server/db/target.ts';


await runCommand('npm run restore -- FILE [--force]', async (config) => {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError('name one backup file');
  const file = positionals[0]!;
  const store = await createBlobStore(config);
  const report = await restoreBackup(file, { target: databaseTarget(config), dataDir: config.dataDir, store, secret: config.secret, vapid: config.push.vapid }, { force: values.force });
  await store.close();
  const rows = Object.values(report.rows).reduce((sum, count) => sum + count, 0);
  const from = report.manifest.source === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const lines = [`Restored ${file} (made ${report.manifest.createdAt} from ${from}): ${rows} rows in ${Object.keys(report.rows).length} tables, ${report.photos} photo files.`];
  if (report.secret === 'written') lines.push(`The backup's server secret is in ${config.dataDir}/secret.key: signed-in devices stay signed in.`);
  if (report.secret === 'differs') {
    lines.push(`LISTO_SECRET is not the backup's secret: everyone must sign in again, and linked apps link again. To keep them, set LISTO_SECRET to the backup's: tar -xOzf ${file} secret.key`);
  }
  if (report.vapid === 'written') lines.push(`The backup's VAPID key pair is in ${config.dataDir}/vapid.json: devices keep their notifications.`);
  if (report.vapid === 'differs') {
    lines.push(`VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not the backup's pair: every device must turn notifications on again. To keep them, set them to the backup's: tar -xOzf ${file} vapid.json`);
  }
  if (report.manifest.storage === 's3') lines.push('The backup was made with STORAGE=s3: its photos are in that bucket, not in the file.');
  return lines;
});
