import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFairTurns, type TurnLimits } from './fair-turns.ts';

/** The scheduler alone, on a fake clock: each job is finished by the test, so every order is exact. */

const full = () => new Error('full');
const expired = () => new Error('expired');

interface Job {
  name: string;
  finish(): void;
  fail(error: Error): void;
}

function harness(limits: Partial<TurnLimits> = {}) {
  const turns = createFairTurns({ maxWaitMs: 60_000, maxWaitingPerOwner: 10, ...limits }, { full, expired });
  const started: Job[] = [];
  const done: string[] = [];
  const outcomes = new Map<string, Promise<string>>();
  const submit = (owner: string, name = `${owner}${[...outcomes.keys()].filter((key) => key.startsWith(owner)).length + 1}`) => {
    const outcome = turns.run(owner, () => new Promise<string>((resolve, reject) => started.push({ name, finish: () => resolve(name), fail: reject })));
    outcomes.set(name, outcome);
    outcome.then((value) => done.push(value), () => undefined);
    return outcome;
  };
  /** Lets the promises settle: a job starts, or its outcome is taken, a moment after its turn comes. */
  const settle = () => vi.advanceTimersByTimeAsync(0);
  /** Finishes the job running and lets the next one start. */
  const finishRunning = async () => {
    await settle();
    started.at(-1)!.finish();
    await settle();
  };
  /** Finishes the jobs one by one until none runs. */
  const runAll = async () => {
    await settle();
    for (let guard = 0; guard < 100 && started.length > done.length; guard++) await finishRunning();
  };
  return { submit, started, done, settle, finishRunning, runAll, names: () => started.map((job) => job.name) };
}

describe('fair turns', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("lets another owner's job go right after the job running, however many one owner sent before it", async () => {
    const { submit, runAll, done } = harness();
    for (let photo = 0; photo < 6; photo++) void submit('ann');
    void submit('bob');
    await runAll();
    expect(done).toEqual(['ann1', 'bob1', 'ann2', 'ann3', 'ann4', 'ann5', 'ann6']);
  });

  it('takes turns between the owners waiting, one job each', async () => {
    const { submit, runAll, done } = harness();
    for (const owner of ['ann', 'ann', 'ann', 'bob', 'bob', 'bob', 'cy', 'cy', 'cy']) void submit(owner);
    await runAll();
    expect(done).toEqual(['ann1', 'bob1', 'cy1', 'ann2', 'bob2', 'cy2', 'ann3', 'bob3', 'cy3']);
  });

  it('puts an owner back from idle ahead of the owners served meanwhile', async () => {
    const { submit, finishRunning, runAll, done } = harness();
    void submit('ann');
    void submit('bob');
    await finishRunning();
    await finishRunning();
    expect(done).toEqual(['ann1', 'bob1']);
    // Bob keeps sending; Ann comes back after a pause: her photo goes next, not after his.
    void submit('bob');
    void submit('bob');
    void submit('ann');
    await runAll();
    expect(done).toEqual(['ann1', 'bob1', 'bob2', 'ann2', 'bob3']);
  });

  it("delays another owner's job by at most the job running, whatever the burst and whenever the job comes", async () => {
    for (let before = 0; before < 5; before++) {
      const { submit, finishRunning, runAll, done } = harness();
      for (let photo = 0; photo < 8; photo++) void submit('ann');
      for (let finished = 0; finished < before; finished++) await finishRunning();
      void submit('bob');
      await runAll();
      // Done before Bob's: those done when it came, and the one running then.
      expect(done.indexOf('bob1')).toBe(before + 1);
    }
  });

  it('refuses a job that waited longer than its deadline, and never runs it; the others go on', async () => {
    const { submit, finishRunning, names } = harness({ maxWaitMs: 30_000 });
    void submit('ann');
    const late = submit('ann');
    const bobs = submit('bob');
    await vi.advanceTimersByTimeAsync(29_999);
    expect(names()).toEqual(['ann1']);
    await vi.advanceTimersByTimeAsync(1);
    await expect(late).rejects.toThrow('expired');
    await expect(bobs).rejects.toThrow('expired');
    await finishRunning();
    expect(names()).toEqual(['ann1']);
    // A job that got its turn in time is not refused, however long its work then takes.
    const next = submit('cy');
    await vi.advanceTimersByTimeAsync(120_000);
    await finishRunning();
    await expect(next).resolves.toBe('cy1');
  });

  it('counts the deadline from when the job came, for each job of a line', async () => {
    const { submit, finishRunning } = harness({ maxWaitMs: 30_000 });
    void submit('ann');
    const second = submit('ann');
    await vi.advanceTimersByTimeAsync(20_000);
    const third = submit('ann');
    await finishRunning();
    await vi.advanceTimersByTimeAsync(25_000);
    // The second started at 20 s, in time; the third has waited 25 s of its 30.
    await finishRunning();
    await expect(second).resolves.toBe('ann2');
    await finishRunning();
    await expect(third).resolves.toBe('ann3');
  });

  it("refuses at once a job beyond the owner's waiting jobs; others' jobs and the owner's later ones are taken", async () => {
    const { submit, finishRunning, runAll, done } = harness({ maxWaitingPerOwner: 2 });
    void submit('ann');
    void submit('ann');
    void submit('ann');
    await expect(submit('ann', 'ann-refused')).rejects.toThrow('full');
    void submit('bob');
    await finishRunning();
    await expect(submit('ann', 'ann-refused-again')).rejects.toThrow('full');
    await finishRunning();
    // Bob's turn is over and one of Ann's two waiting has started: room for one more.
    void submit('ann', 'ann4');
    await runAll();
    expect(done).toEqual(['ann1', 'bob1', 'ann2', 'ann3', 'ann4']);
  });

  it("answers a job's own failure, and goes on with the next", async () => {
    const { submit, started, settle, runAll, done } = harness();
    const failing = submit('ann');
    void submit('bob');
    await settle();
    started[0]!.fail(new Error('unreadable'));
    await expect(failing).rejects.toThrow('unreadable');
    await runAll();
    expect(done).toEqual(['bob1']);
  });
});
