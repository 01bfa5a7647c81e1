import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, publicUrlNote, sharedSecretNote, type Config } from './config.ts';
import { openDatabase, type DatabaseTarget } from './db/open.ts';
import { loadOrCreateSecret } from './secret.ts';
import { startupProblem } from './startup-problem.ts';

const SQLITE_FILE = 'listo.db';
/**
 * How long a shutdown waits for requests still under way before it cuts their connections: within
 * the 10 s a container runtime waits before its SIGKILL, so the database still closes cleanly. The
 * header and body deadlines no longer run once the server closes, and a client that stalls would
 * otherwise hold the shutdown as long as it likes.
 */
const SHUTDOWN_GRACE_MS = 8_000;

function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'sqlite', file: path.join(config.dataDir, SQLITE_FILE) };
}

async function main(config: Config): Promise<void> {
  const secret = loadOrCreateSecret(config.dataDir, config.secret);
  const database = await openDatabase(databaseTarget(config));
  const app = await buildApp({ config, database, secret });

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
      publicUrlNote(config),
      sharedSecretNote(config),
    ]
      .filter((line) => line !== undefined)
      .join('\n'),
  );
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
