/** The writer's time zone from `?tz=` (an IANA name such as `Europe/Berlin`), or undefined (UTC) for none or an unknown one. */
export function timeZoneParam(url: URL): string | undefined {
  const zone = url.searchParams.get("tz");
  if (!zone || zone.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
