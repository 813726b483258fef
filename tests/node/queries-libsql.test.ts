import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { afterAll, beforeAll, describe } from "vitest";
import { migrationStatements } from "./migration-files";
import { createLibsqlDatabase, type Database } from "../../db/client";
import { querySuite } from "../queries/suite";


let dir: string;
let client: Client;
let db: Database;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "tws-queries-"));
  client = createClient({ url: `file:${path.join(dir, "queries.db")}` });
  const statements = migrationStatements();
  if (statements.length === 0) throw new Error("no migrations found");
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
