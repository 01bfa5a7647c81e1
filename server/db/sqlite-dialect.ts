import { SqliteDialect, SqliteQueryCompiler, ValueNode, type LimitNode, type QueryCompiler } from 'kysely';

/**
 * SQLite's planner reads the value of a LIMIT, so a statement whose LIMIT is a bound parameter is
 * compiled again (sqlite3Reprepare) on every run, which the statement cache cannot save: 4 µs more
 * on a one-row lookup, 10 µs on a query with a subquery (docs/decisions/073-sqlite-limits-in-the-sql.md).
 * A whole-number LIMIT is written into the SQL instead. A LIMIT that is not a number known when the
 * query is compiled (a placeholder of a compiled hot query) stays a parameter. PostgreSQL plans
 * differently and keeps its parameters.
 */
class LimitsInTheSqlCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = node.limit;
    if (ValueNode.is(limit) && Number.isSafeInteger(limit.value)) {
      this.append(`limit ${String(limit.value)}`);
      return;
    }
    super.visitLimit(node);
  }
}

export class ListoSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new LimitsInTheSqlCompiler();
  }
}
