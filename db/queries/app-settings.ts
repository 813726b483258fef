/** The owner's settings (issue 14): one JSON text per key, validated by the app that reads it. */
import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { appSettings } from "../schema";

export async function getAppSetting({ db, key }: { db: Database; key: string }): Promise<string | undefined> {
  const rows = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).limit(1);
  return rows[0]?.value;
}

/** The upsert of one setting, to run in the same batch as its audit entry. */
export function putAppSetting(db: Database, input: { key: string; value: string; updatedByEmail: string; now: Date }) {
  const row = { key: input.key, value: input.value, updatedByEmail: input.updatedByEmail, updatedAt: input.now };
  return db
    .insert(appSettings)
    .values(row)
    .onConflictDoUpdate({ target: appSettings.key, set: { value: row.value, updatedByEmail: row.updatedByEmail, updatedAt: row.updatedAt } });
}
