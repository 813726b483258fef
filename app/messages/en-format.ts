/**
 * The few fixed English formats a page renders while it hydrates — counts, UTC dates, "3 days
 * ago" — written out without `Intl` (issue 15, decision 015 "No Intl while a page hydrates").
 *
 * A browser loads its ICU locale data on a page's first `Intl` call or `toLocaleString`: 130–200
 * ms of main thread on a phone 4× slower than this machine (measured in Chromium, the same cost
 * for NumberFormat, DateTimeFormat and RelativeTimeFormat), inside hydration's longest task. These
 * formats are fixed (en-US, UTC) so the server's and the browser's text agree; each matches what
 * `Intl` writes for them, which `tests/unit/en-format.test.ts` checks value by value. A date and
 * time in the writer's own time zone (history) is written the same en-US way from the Date's
 * local fields, like every other text of this English-only app.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** 1234567 → "1,234,567", as `toLocaleString("en-US")` writes a whole number. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? `-${digits}` : digits;
}

/** "December 21, 2026": en-US `dateStyle: "long"` in UTC. */
export function formatLongDateUtc(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * "Dec 21, 2026, 6:05 PM": en-US `dateStyle: "medium", timeStyle: "short"`, in UTC or in the
 * browser's own time zone (the Date's local fields: no ICU data needed).
 */
export function formatMediumDateTime(date: Date, zone: "UTC" | "local"): string {
  const utc = zone === "UTC";
  const [year, month, day] = utc ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()] : [date.getFullYear(), date.getMonth(), date.getDate()];
  const [hours, minutes] = utc ? [date.getUTCHours(), date.getUTCMinutes()] : [date.getHours(), date.getMinutes()];
  const time = `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
  return `${MONTHS[month]!.slice(0, 3)} ${day}, ${year}, ${time}`;
}

export type RelativeUnit = "year" | "month" | "week" | "day" | "hour" | "minute";

/** What `numeric: "auto"` says for -1, 0 and 1 of a unit, where English has a word for it. */
const NEAR: Record<RelativeUnit, readonly [string, string, string]> = {
  year: ["last year", "this year", "next year"],
  month: ["last month", "this month", "next month"],
  week: ["last week", "this week", "next week"],
  day: ["yesterday", "today", "tomorrow"],
  hour: ["1 hour ago", "this hour", "in 1 hour"],
  minute: ["1 minute ago", "this minute", "in 1 minute"],
};

/** `new Intl.RelativeTimeFormat("en", { numeric: "auto" }).format(value, unit)` for a whole `value`. */
export function formatRelativeEn(value: number, unit: RelativeUnit): string {
  if (value >= -1 && value <= 1) return NEAR[unit][value + 1]!;
  const amount = `${formatCount(Math.abs(value))} ${unit}s`;
  return value < 0 ? `${amount} ago` : `in ${amount}`;
}
