import type { TestApp } from './test-app.ts';

/**
 * Holds every transaction the app starts until `open()` is called (the test changes the database
 * meanwhile, as a request racing the held one would), however it starts one (SQLite's
 * group commit controls its transactions; PostgreSQL's writes run in `transaction()`).
 */
export function gateTransactions(t: TestApp) {
  const db = t.database.db;
  const original = { transaction: db.transaction.bind(db), startTransaction: db.startTransaction.bind(db) };
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  /** The builder, with its `execute` waiting at the gate first. */
  const gated = <B extends { execute: (...args: never[]) => Promise<unknown> }>(builder: B): B => {
    const held = Object.create(builder) as B;
    held.execute = (async (...args: never[]) => {
      waiting++;
      await gate;
      return builder.execute(...args);
    });
    return held;
  };
  db.transaction = () => gated(original.transaction());
  db.startTransaction = () => gated(original.startTransaction());
  return {
    waiting: () => waiting,
    open: () => {
      Object.assign(db, original);
      open();
    },
  };
}

export async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 2));
}
