/**
 * The dashboard cards' line of recent work: per tool, the title of the writer's most recently
 * updated conversation and how long ago that was. Client-safe: the dashboard renders it from
 * its loader's data and the server's clock, so the server and the browser print the same words.
 */
import { toolForQueryType } from "~/catalog/history";
import { formatRelativeEn, type RelativeUnit } from "~/messages/en-format";
import { dashboardTexts } from "~/messages/dashboard";
import type { LatestConversation as LatestRow } from "~db/queries/history";
import { storedConversationTitle } from "./titles";

export type RecentWork = { title: string; updatedAt: string };

/** The newest conversation of each tool (several query types can belong to one tool). */
export function recentWorkByTool(rows: readonly LatestRow[]): Record<string, RecentWork> {
  const newest = new Map<string, LatestRow>();
  for (const row of rows) {
    const tool = toolForQueryType(row.queryType);
    if (!tool) continue;
    const seen = newest.get(tool.slug);
    if (!seen || seen.updatedAt.getTime() < row.updatedAt.getTime()) newest.set(tool.slug, row);
  }
  const work: Record<string, RecentWork> = {};
  for (const [slug, row] of newest) {
    work[slug] = { title: storedConversationTitle(row), updatedAt: row.updatedAt.toISOString() };
  }
  return work;
}

const UNITS: readonly [RelativeUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": `then` as seen from `now`. */
export function timeAgo(then: Date, now: Date): string {
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return dashboardTexts.justNow;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return formatRelativeEn(Math.round(seconds / size), unit);
  }
  return dashboardTexts.justNow;
}
