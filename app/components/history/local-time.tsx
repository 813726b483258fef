import { formatMediumDateTime } from "~/messages/en-format";
import { useHydrated } from "~/lib/use-hydrated";

/** A date and time in the writer's own time zone (UTC until the page has hydrated). */
export function formatLocalDateTime(iso: string): string {
  return formatMediumDateTime(new Date(iso), "local");
}

export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} className={className}>
      {hydrated ? formatLocalDateTime(iso) : `${formatMediumDateTime(new Date(iso), "UTC")} UTC`}
    </time>
  );
}
