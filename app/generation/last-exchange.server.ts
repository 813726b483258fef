/**
 * The last exchange of a saved conversation as the tool page opens it: its id, and every
 * version when there is more than one ('Version 2 of 3' is known before the writer acts).
 */
import type { Database } from "~db/client";
import { findLastExchange, readExchangeVersions } from "~db/queries/versions";
import type { AnswerVersion, LastExchange } from "./last-exchange";

/** `shown` is the answer on screen (the chosen version), used when the exchange has one version. */
export async function loadLastExchange({
  db,
  userId,
  conversationId,
  shown,
}: {
  db: Database;
  userId: string;
  conversationId: string;
  shown: Omit<AnswerVersion, "version"> | undefined;
}): Promise<LastExchange | null> {
  const last = await findLastExchange({ db, userId, conversationId });
  if (!last || !shown) return null;
  if (last.versions <= 1) return { exchangeId: last.exchangeId, versions: [{ ...shown, version: 1 }], shown: 1 };
  const listed = await readExchangeVersions({ db, userId, conversationId, exchangeId: last.exchangeId });
  // The first exchange's request is the form's (its summary stands for it): no writer text.
  const versions = listed.map((entry) => ({
    version: entry.version,
    userText: last.first ? null : entry.user,
    text: entry.answer,
    status: entry.status,
  }));
  const chosen = listed.find((entry) => entry.chosen)?.version ?? versions.at(-1)?.version ?? 1;
  return { exchangeId: last.exchangeId, versions, shown: chosen };
}
