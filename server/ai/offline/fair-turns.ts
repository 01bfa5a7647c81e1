/**
 * Turns at a resource that does one job at a time (the OCR worker), shared fairly between owners
 * (users). Each owner's jobs wait in a line of their own, and the next job is the first of the
 * owner served least recently (one never served, or idle since, comes first; ties go to the line
 * that formed first). So one owner's burst delays another's job by at most the job running when
 * it came: the burst's owner was served last. Each job may wait `maxWaitMs` for its turn, then it
 * is refused (`expired`); an owner may have `maxWaitingPerOwner` jobs waiting, and one more is
 * refused at once (`full`). Decision 044.
 */

export interface TurnLimits {
  /** The longest a job waits for its turn before it is refused. */
  maxWaitMs: number;
  /** Jobs one owner may have waiting (the one running not counted). */
  maxWaitingPerOwner: number;
}

export interface TurnRefusals {
  /** The owner has `maxWaitingPerOwner` jobs waiting already. */
  full: () => Error;
  /** The job waited `maxWaitMs` without its turn coming. */
  expired: () => Error;
}

export interface FairTurns {
  /** Runs `work` at the owner's turn; rejects with a refusal, or with the work's own error. */
  run<T>(owner: string, work: () => Promise<T>): Promise<T>;
}

interface Waiting {
  start(): void;
  deadline: ReturnType<typeof setTimeout>;
}

export function createFairTurns(limits: TurnLimits, refusals: TurnRefusals): FairTurns {
  /** The owners with jobs waiting, in the order their lines formed. */
  const lines = new Map<string, Waiting[]>();
  /** The turn at which each owner waiting, or running, was last served: lower goes first. */
  const servedAt = new Map<string, number>();
  let turns = 0;
  let running: string | undefined;

  const leastRecentlyServed = (): string | undefined => {
    let chosen: string | undefined;
    for (const owner of lines.keys()) {
      if (chosen === undefined || (servedAt.get(owner) ?? -1) < (servedAt.get(chosen) ?? -1)) chosen = owner;
    }
    return chosen;
  };

  /** Forgets when the owners no longer waiting or running were served: idle, an owner comes first again. */
  const forgetIdle = () => {
    for (const owner of servedAt.keys()) if (owner !== running && !lines.has(owner)) servedAt.delete(owner);
  };

  const take = (owner: string, job: Waiting) => {
    const line = lines.get(owner) ?? [];
    const at = line.indexOf(job);
    if (at >= 0) line.splice(at, 1);
    if (line.length === 0) lines.delete(owner);
  };

  const next = () => {
    if (running !== undefined) return;
    const owner = leastRecentlyServed();
    if (owner === undefined) return forgetIdle();
    const job = lines.get(owner)![0]!;
    take(owner, job);
    clearTimeout(job.deadline);
    running = owner;
    servedAt.set(owner, turns++);
    forgetIdle();
    job.start();
  };

  return {
    run(owner, work) {
      if ((lines.get(owner)?.length ?? 0) >= limits.maxWaitingPerOwner) return Promise.reject(refusals.full());
      return new Promise((resolve, reject) => {
        const job: Waiting = {
          start: () => {
            Promise.resolve()
              .then(work)
              .then(resolve, reject)
              .finally(() => {
                running = undefined;
                next();
              });
          },
          deadline: setTimeout(() => {
            take(owner, job);
            reject(refusals.expired());
          }, limits.maxWaitMs),
        };
        // A deadline must not keep a stopping process alive.
        job.deadline.unref?.();
        lines.set(owner, [...(lines.get(owner) ?? []), job]);
        next();
      });
    },
  };
}
