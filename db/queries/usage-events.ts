import type { Database } from "../client";
import { usageEvents } from "../schema";

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
    outcome: UsageOutcome;
    now: Date;
  };
}) {
  await db.insert(usageEvents).values({
    id: crypto.randomUUID(),
    userId: event.userId,
    queryType: event.queryType,
    model: event.model,
    inputTokens: event.inputTokens,
    outputTokens: event.outputTokens,
    latencyMs: event.latencyMs,
    outcome: event.outcome,
    createdAt: event.now,
  });
}
