import type { FastifyBaseLogger } from 'fastify';

/** Purges run this often: expired rows stay minutes, never days, past their time. */
export const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Periodic clean-up of what can never be used again (expired sessions and links, old change-log
 * rows, idempotency keys past 24 hours), off the request path. One failing task does not stop the
 * others; each logs. Answers a function that stops the timer.
 */
export function startMaintenance(deps: {
  intervalMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  tasks: Record<string, () => Promise<unknown>>;
}): () => void {
  const timer = setInterval(() => {
    for (const [name, task] of Object.entries(deps.tasks)) {
      task().catch((error: unknown) => deps.log.warn({ err: error }, `${name} purge failed`));
    }
  }, deps.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
