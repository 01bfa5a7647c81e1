import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import { DatabaseInUseError } from './db/open.ts';

interface SystemError extends Error {
  code?: string;
  syscall?: string;
  path?: string;
  address?: string;
  port?: number;
}

/** Why a file in the data folder could not be made or written, as the system said it. */
const FILE_SYSTEM_REASONS: Record<string, string> = {
  ENOTDIR: 'part of its path is a file, not a folder',
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  SQLITE_CANTOPEN: 'the database file cannot be opened there',
  SQLITE_READONLY: 'the database file is read-only',
  SQLITE_FULL: 'the disk is full',
};

/** Refusals that giving the folder to this process's user ends. */
const OWNERSHIP_PROBLEMS = new Set(['EACCES', 'EPERM', 'SQLITE_CANTOPEN', 'SQLITE_READONLY']);

/**
 * The command that gives the data folder to the user Listo runs as: the usual trouble with a
 * container's volume or a bind mount made by root (docs/deploy.md, "Container image").
 */
function ownershipFix(dataDir: string): string | undefined {
  if (!process.getuid || !process.getgid) return undefined;
  const folder = path.resolve(dataDir);
  const owner = `${process.getuid()}:${process.getgid()}`;
  return fs.existsSync(folder) ? `chown -R ${owner} ${folder}` : `mkdir -p ${folder} && chown -R ${owner} ${folder}`;
}

/** What SQLite says of a file that is not a database it can read. */
const NOT_A_DATABASE = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT']);

/** A connection to PostgreSQL that failed before any answer from it. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** SQLSTATE classes PostgreSQL answers for a database that is not there or a login it refuses. */
const POSTGRES_REFUSALS = /^(3D|28)/;

/**
 * A start-up failure the person who ran `npm start` can fix, said in one line with what to change
 * (a port in use, a data folder that cannot be written, a database it cannot open or reach).
 * Undefined for anything else: that is a bug, printed whole with its stack.
 */
export function startupProblem(error: unknown, config: Config): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, syscall } = error as SystemError;
  if (syscall === 'listen') return listenProblem(error, config);
  if (error instanceof DatabaseInUseError) {
    return `Another Listo is using the data folder ${config.dataDir}: stop it first, or set DATA_DIR to another folder. Several processes on one database need PostgreSQL (DATABASE_URL, docs/deploy.md).`;
  }
  if (code && NOT_A_DATABASE.has(code)) {
    return `The database in ${config.dataDir} cannot be read (${error.message}). Restore it from a backup (docs/deploy.md), or move the data folder away to start with an empty one.`;
  }
  if (config.databaseUrl) {
    const where = `PostgreSQL at ${new URL(config.databaseUrl).host} (DATABASE_URL)`;
    if (code && UNREACHABLE.has(code)) return `${where} cannot be reached (${code}). Is it running, and is the address right?`;
    if (code && POSTGRES_REFUSALS.test(code)) return `${where} refused the connection: ${error.message}. Check the user, password and database name in DATABASE_URL.`;
  }
  // mkdir says ENOENT for a folder it cannot make on a read-only mount or under /proc (make-folder.ts).
  const reason = code && (syscall === 'mkdir' && code === 'ENOENT' ? 'it cannot be made there' : FILE_SYSTEM_REASONS[code]);
  if (reason) {
    const problem = `The data folder ${config.dataDir} cannot be used: ${reason}.`;
    const fix = OWNERSHIP_PROBLEMS.has(code) ? ownershipFix(config.dataDir) : undefined;
    if (fix) return `${problem} Give it to this user, as root: ${fix}; or set DATA_DIR to a folder this user may write to.`;
    return `${problem} Set DATA_DIR to a folder this user may write to.`;
  }
  if (/^corrupted migrations: previously executed migration .* is missing/.test(error.message)) {
    return 'The database was last used by a newer version of Listo than this one. Start that version again, or restore a backup made for this one (docs/deploy.md).';
  }
  return undefined;
}

function listenProblem(error: SystemError, config: Config): string | undefined {
  const { port, host } = config;
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use, perhaps by another Listo. Stop what runs there, or start on another port: PORT=${port + 1} npm start`;
    case 'EADDRNOTAVAIL':
      return `HOST=${host} is not an address of this machine. Use 127.0.0.1 to serve this machine only, or 0.0.0.0 to serve every network it is on.`;
    case 'EACCES':
      return `Port ${port} needs privileges this user does not have. Use a port above 1023 (PORT=3000) and a proxy in front for port 80 or 443 (docs/deploy.md).`;
    default:
      return undefined;
  }
}
