import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { afterAll, beforeAll, describe } from "vitest";
import { createLibsqlDatabase, type Database } from "../../db/client";
import { querySuite } from "../queries/suite";

const migrationsDir = path.resolve(import.meta.dirname, "../../migrations");

/** Every migration file in order, split the way drizzle-kit marks its statements. */
function migrationStatements(): string[] {
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .flatMap((name) => readFileSync(path.join(migrationsDir, name), "utf8").split("--> statement-breakpoint"))
    .map((statement) => statement.trim())
    .filter(Boolean);
}

let dir: string;
let client: Client;
let db: Database;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "tws-queries-"));
  client = createClient({ url: `file:${path.join(dir, "queries.db")}` });
  const statements = migrationStatements();
  if (statements.length === 0) throw new Error(`no migrations found in ${migrationsDir}`);
  await client.batch(statements, "write");
  db = createLibsqlDatabase(client);
});

afterAll(() => {
  client?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("query suite on libSQL (file: database)", () => {
  querySuite(() => db);
});
