import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { usageEvents, users } from "../schema";

export type UsageOutcome = "complete" | "stopped" | "interrupted" | "failed";

export async function recordUsageEvent({
  db,
  event,
}: {
  db: Database;
  event: {
    userId: string;
    queryType: string;
    model: string;
    inputTokens: number | null;
    outputTokens: number | null;
    latencyMs: number;
    /** Milliseconds from the turn's start to the first token; null when no text came. */
    firstTokenMs: number | null;
    outcome: UsageOutcome;
    now: Date;
  };
}) {
  // The writer's last activity (the owner's writers list is sorted by it) moves with the event.
  await db.batch([
    db.insert(usageEvents).values({
      id: crypto.randomUUID(),
      userId: event.userId,
      queryType: event.queryType,
      model: event.model,
      inputTokens: event.inputTokens,
      outputTokens: event.outputTokens,
      latencyMs: event.latencyMs,
      firstTokenMs: event.firstTokenMs,
      outcome: event.outcome,
      createdAt: event.now,
    }),
    db.update(users).set({ lastActiveAt: event.now }).where(eq(users.id, event.userId)),
  ]);
}
