/**
 * `npm run backup -- --out FILE`: one file holding Listo's database as of one moment, its photos
 * (local storage), its secret and its VAPID key pair, written while Listo runs (docs/deploy.md,
 * "Backups"). Reads the same settings as the server (DATA_DIR, DATABASE_URL, STORAGE, LISTO_SECRET,
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY).
 */
import { parseArgs } from 'node:util';
import { writeBackup } from '../server/backup/write-backup.ts';
import { runCommand, UsageError } from '../server/backup/command.ts';
import { databaseTarget } from '../server/db/target.ts';

await runCommand('npm run backup -- --out FILE', async (config) => {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  if (!values.out) throw new UsageError('say where to write it: --out FILE');
  const manifest = await writeBackup(
    { target: databaseTarget(config), dataDir: config.dataDir, storage: config.storage.driver, secret: config.secret, vapid: config.push.vapid },
    values.out,
  );
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const lines = [`Backup written to ${values.out}: ${rows} rows in ${manifest.tables.length} tables, ${manifest.photos.length} photo files, at migration ${manifest.migrations.at(-1)}.`];
  if (manifest.storage === 's3') lines.push('Photos are in the S3 bucket, not in this file: back the bucket up as well.');
  if (manifest.missingPhotos.length > 0) lines.push(`${manifest.missingPhotos.length} photo files were deleted while the backup ran and are not in it.`);
  if (!manifest.secret) lines.push('No server secret was found: after a restore, everyone signs in again.');
  if (!manifest.vapid) lines.push('No VAPID key pair was found: after a restore, every device turns notifications on again.');
  return lines;
});
