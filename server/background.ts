import type { FastifyBaseLogger } from 'fastify';

export type Background = ReturnType<typeof createBackground>;

/**
 * Work that runs after an answer has gone out (mail, mostly): a request must not wait on an SMTP
 * server, and a password-reset answer must not take longer for an address that exists. Failures
 * are logged; `drain` waits for what is under way (at shutdown, and in tests).
 */
export function createBackground(log: Pick<FastifyBaseLogger, 'error'>) {
  const running = new Set<Promise<void>>();
  return {
    run(what: string, work: () => Promise<unknown>): void {
      const task = (async () => {
        try {
          await work();
        } catch (error) {
          log.error({ err: error }, `${what} failed`);
        }
      })();
      running.add(task);
      void task.finally(() => running.delete(task));
    },
    async drain(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
