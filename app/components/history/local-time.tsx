import { useHydrated } from "~/lib/use-hydrated";

const serverFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A date and time in the writer's own time zone (UTC until the page has hydrated). */
export function formatLocalDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} className={className}>
      {hydrated ? formatLocalDateTime(iso) : `${serverFormat.format(new Date(iso))} UTC`}
    </time>
  );
}
