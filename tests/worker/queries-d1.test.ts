import { env } from "cloudflare:workers";
import { describe } from "vitest";
import { createD1Database } from "../../db/client";
import { querySuite } from "../queries/suite";

// Migrations are applied by the setup file (apply-migrations.ts).
describe("query suite on D1", () => {
  querySuite(() => createD1Database(env.DB));
});
