/**
 * The query suite: every case is written once here and run on both drivers —
 * D1 (tests/worker/queries-d1.test.ts, inside workerd) and libSQL with a `file:` database
 * (tests/node/queries-libsql.test.ts) — so the queries behave the same on either.
 */
import type { Database } from "../../db/client";
import { accountQueries } from "./accounts";
import { adminOverviewQueries } from "./admin-overview";
import { adminWriterQueries } from "./admin-writers";
import { conversationQueries } from "./conversations";
import { historyQueries } from "./history";
import { historyFindQueries } from "./history-find";
import { meteringQueries } from "./metering";
import { passwordResetQueries } from "./password-resets";
import { projectQueries } from "./projects";
import { sessionQueries } from "./sessions";
import { subscriptionQueries } from "./subscriptions";
import { trustQueries } from "./trust";
import { turnOpeningQueries } from "./turn-opening";

export function querySuite(getDb: () => Database) {
  accountQueries(getDb);
  sessionQueries(getDb);
  passwordResetQueries(getDb);
  subscriptionQueries(getDb);
  meteringQueries(getDb);
  turnOpeningQueries(getDb);
  conversationQueries(getDb);
  historyQueries(getDb);
  historyFindQueries(getDb);
  trustQueries(getDb);
  projectQueries(getDb);
  adminOverviewQueries(getDb);
  adminWriterQueries(getDb);
}
