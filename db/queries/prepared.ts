/**
 * Statements on the hot path of every request, built once per database client instead of on
 * every call: Drizzle otherwise rebuilds the SQL text from the query builder each time, which
 * costs about a millisecond of CPU per query in workerd (measured). Values go in through
 * `sql.placeholder`.
 */
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
