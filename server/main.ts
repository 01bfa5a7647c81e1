import { buildApp } from './app.ts';
import { ConfigError } from './config-error.ts';
import { loadConfig, mailNote, publicUrlNote, sharedSecretNote, type Config } from './config.ts';
import { openDatabase } from './db/open.ts';
import { databaseTarget } from './db/target.ts';
import { loadOrCreateVapidKeys } from './push/vapid.ts';
import { loadOrCreateSecret } from './secret.ts';
import { startupProblem } from './startup-problem.ts';

/**
 * How long a shutdown waits for requests still under way before it cuts their connections: within
 * the 10 s a container runtime waits before its SIGKILL, so the database still closes cleanly. The
 * header and body deadlines no longer run once the server closes, and a client that stalls would
 * otherwise hold the shutdown as long as it likes.
 */
const SHUTDOWN_GRACE_MS = 8_000;

async function main(config: Config): Promise<void> {
  const secret = loadOrCreateSecret(config.dataDir, config.secret);
  const database = await openDatabase(databaseTarget(config));
  const vapid = loadOrCreateVapidKeys(config.dataDir, config.push.vapid);
  const app = await buildApp({ config, database, secret, vapid });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // Stops accepting connections, lets in-flight requests finish, then closes the database.
    // Fastify closes idle keep-alive connections only once, when close() starts; a connection whose
    // request was still running would then hold close() for keepAliveTimeout (72 s) after its
    // answer (fastify/fastify#7044). So keep closing the ones that have gone idle since.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    const cutOff = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await app.close();
    clearInterval(closeIdle);
    clearTimeout(cutOff);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(
    [
      `Listo is running at http://${host}:${port}`,
      `  database: ${database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (${database.location})`,
      `  data folder: ${config.dataDir}`,
      migratedNote(database.migrated),
      publicUrlNote(config),
      mailNote(config),
      sharedSecretNote(config),
    ]
      .filter((line) => line !== undefined)
      .join('\n'),
  );
}

/** What this start did to the schema, for an upgrade's log: nothing when another process (or an earlier start) did it. */
function migratedNote(migrated: readonly string[]): string | undefined {
  if (migrated.length === 0) return undefined;
  return `  migrated the database: ${migrated.length} migration${migrated.length === 1 ? '' : 's'} applied, now at ${migrated.at(-1)}`;
}

let config: Config | undefined;
try {
  config = loadConfig();
  await main(config);
} catch (error) {
  // What the person starting Listo can fix is one line saying what to change; anything else is a bug.
  const problem = error instanceof ConfigError ? error.message : config && startupProblem(error, config);
  if (problem) console.error(problem);
  else console.error('Listo could not start:', error);
  process.exit(1);
}
