/**
 * The request's database: Turso (libSQL over HTTP) when TURSO_DATABASE_URL is set,
 * otherwise the D1 binding. One instance per isolate; both are stateless HTTP/binding clients.
 */
import { createClient } from "@libsql/client/web";
import { createD1Database, createLibsqlDatabase, type Database } from "~db/client";
import { getBindings, getConfig } from "./config.server";

let cached: Database | undefined;

export function getDb(): Database {
  if (cached) return cached;
  const config = getConfig();
  cached = config.TURSO_DATABASE_URL
    ? createLibsqlDatabase(
        createClient({ url: config.TURSO_DATABASE_URL, authToken: config.TURSO_AUTH_TOKEN }),
      )
    : createD1Database(getBindings().DB);
  return cached;
}
