/**
 * Database factory: one Drizzle interface over Cloudflare D1 or libSQL (Turso in production,
 * a `file:` database in the query suite). Query modules only ever see `Database`.
 */
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { drizzle as drizzleD1, type AnyD1Database } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql/web";
import type { Client as LibsqlClient } from "@libsql/client";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

export type Database = BaseSQLiteDatabase<"async", unknown, typeof schema> & {
  batch<U extends BatchItem<"sqlite">, T extends Readonly<[U, ...U[]]>>(
    batch: T,
  ): Promise<BatchResponse<T>>;
};

export function createD1Database(d1: AnyD1Database): Database {
  return drizzleD1(d1, { schema }) as unknown as Database;
}

export function createLibsqlDatabase(client: LibsqlClient): Database {
  return drizzleLibsql({ client, schema }) as unknown as Database;
}
