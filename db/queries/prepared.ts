/**
 * Statements on the hot path of every request, built once per database client instead of on
 * every call: Drizzle otherwise rebuilds the SQL text from the query builder each time, which
 * costs about a millisecond of CPU per query in workerd (measured). Values go in through
 * `sql.placeholder`.
 */
import { fillPlaceholders } from "drizzle-orm";
import type { Database } from "../client";

export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const cache = new WeakMap<Database, T>();
  return (db) => {
    let statement = cache.get(db);
    if (statement === undefined) {
      statement = build(db);
      cache.set(db, statement);
    }
    return statement;
  };
}

/** A prepared statement (`….prepare()`) with the values of its placeholders. */
export type Bound<R> = { statement: { all(values?: Record<string, unknown>): Promise<R> }; values: Record<string, unknown> };

export const bind = <R>(statement: Bound<R>["statement"], values: Record<string, unknown>): Bound<R> => ({ statement, values });

/** What Drizzle's prepared queries carry on D1 and libSQL alike (`SQLitePreparedQuery`). */
type PreparedInternals = {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(response: unknown, isFromBatch: boolean): unknown;
};

type Client = {
  prepare?: (sql: string) => { bind(...values: unknown[]): unknown };
  batch(statements: unknown[], mode?: string): Promise<unknown[]>;
};

/**
 * Prepared statements in one batch — one round trip, one transaction, in order — without
 * rebuilding their SQL (Drizzle's own `db.batch` takes query builders and cannot fill
 * placeholders). Each result is what the statement's `.all()` returns. On D1 a batch's rows
 * come back keyed by column name: a statement here must not select two columns of one name.
 */
export async function runBatch<const T extends readonly Bound<unknown>[]>(
  db: Database,
  items: T,
): Promise<{ -readonly [K in keyof T]: T[K] extends Bound<infer R> ? R : never }> {
  const client = (db as unknown as { $client: Client }).$client;
  const queries = items.map(({ statement }) => statement as unknown as PreparedInternals);
  const built = items.map(({ values }, i) => {
    const { sql, params } = queries[i]!.getQuery();
    return { sql, args: fillPlaceholders(params, values) };
  });
  const results = client.prepare
    ? await client.batch(built.map(({ sql, args }) => client.prepare!(sql).bind(...args)))
    : await client.batch(built, "write");
  return results.map((result, i) => queries[i]!.mapResult(result, true)) as never;
}
