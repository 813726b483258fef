/**
 * The Intl-free English formats (app/messages/en-format.ts) write exactly what Intl writes for them:
 * pages render these while they hydrate, and the server's text must stay what it was.
 */
import { describe, expect, it } from "vitest";
import { formatCount, formatLongDateUtc, formatMediumDateTime, formatRelativeEn, type RelativeUnit } from "~/messages/en-format";

describe("formatCount", () => {
  it("groups whole numbers as toLocaleString('en-US') does", () => {
    for (const n of [0, 7, 42, 999, 1000, 1001, 12_345, 100_000, 999_999, 1_000_000, 3_000, 20_000, 128_000, 1_234_567_890, -1, -1000, -98_765])
      expect(formatCount(n), String(n)).toBe(n.toLocaleString("en-US"));
  });

  it("leaves anything but a whole number to Intl", () => {
    for (const n of [0.5, 1234.5678, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
  });
});

describe("UTC dates", () => {
  const long = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
  const medium = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  // Every month, both halves of the day, midnight and noon, single- and double-digit days.
  const dates = Array.from({ length: 12 }, (_, month) => [
    new Date(Date.UTC(2026, month, 1, 0, 0)),
    new Date(Date.UTC(2026, month, 9, 9, 5)),
    new Date(Date.UTC(2027, month, 21, 12, 0)),
    new Date(Date.UTC(1999, month, 28, 23, 59)),
  ]).flat();

  it("writes the long date as Intl does", () => {
    for (const date of dates) expect(formatLongDateUtc(date), date.toISOString()).toBe(long.format(date));
  });

  it("writes the medium date and short time as Intl does", () => {
    for (const date of dates) expect(formatMediumDateTime(date, "UTC"), date.toISOString()).toBe(medium.format(date));
  });

  it("writes them in the browser's own time zone as Intl's en-US does", () => {
    const before = process.env.TZ;
    try {
      // A day ahead of UTC, a half-hour zone behind it, and one with summer time.
      for (const zone of ["Pacific/Kiritimati", "America/St_Johns", "Europe/London"]) {
        process.env.TZ = zone;
        const local = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
        expect(local.resolvedOptions().timeZone).toBe(zone);
        for (const date of dates) expect(formatMediumDateTime(date, "local"), `${date.toISOString()} in ${zone}`).toBe(local.format(date));
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

describe("formatRelativeEn", () => {
  const intl = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  const units: RelativeUnit[] = ["year", "month", "week", "day", "hour", "minute"];

  it("says what Intl's numeric 'auto' says, past and future, for every unit", () => {
    for (const unit of units) {
      for (const value of [-1500, -59, -12, -2, -1, 0, 1, 2, 3, 45, 2000])
        expect(formatRelativeEn(value, unit), `${value} ${unit}`).toBe(intl.format(value, unit));
    }
  });
});
