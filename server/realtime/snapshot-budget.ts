/**
 * How many documents of first answers (snapshots, resumes) each user, or each address of anonymous
 * readers, may be sent: a burst, then a steady rate. A first answer costs the server a read of the
 * whole list and its encoding; subscribing again and again, within the message budget and on every
 * socket allowed, made it read and send the same large list hundreds of times a second, and kept
 * it from answering anyone else. A client that asks past the budget is closed, and its next socket
 * finds the same budget.
 */
export interface SnapshotBudgets {
  /** Whether `key` may have another first answer loaded: its budget is not spent. */
  mayLoad(key: string): boolean;
  /** Counts `documents` sent to `key` in first answers. */
  spend(key: string, documents: number): void;
  /** Forgets the budgets that are whole again, so the map holds only recent spenders. */
  forgetRested(): void;
}

export function createSnapshotBudgets(limits: { burst: number; perSecond: number }, now: () => number = Date.now): SnapshotBudgets {
  const spent = new Map<string, { tokens: number; at: number }>();
  const tokensOf = (key: string, at: number) => {
    const bucket = spent.get(key);
    return bucket ? Math.min(limits.burst, bucket.tokens + ((at - bucket.at) / 1000) * limits.perSecond) : limits.burst;
  };
  return {
    mayLoad: (key) => tokensOf(key, now()) > 0,
    spend(key, documents) {
      const at = now();
      spent.set(key, { tokens: tokensOf(key, at) - documents, at });
    },
    forgetRested() {
      const at = now();
      for (const key of spent.keys()) if (tokensOf(key, at) >= limits.burst) spent.delete(key);
    },
  };
}
