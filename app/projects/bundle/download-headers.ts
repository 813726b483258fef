/**
 * The headers of a file the server sends as a download: its type, its name (any script), never
 * cached; its length when known (a streamed file has none).
 */
export function downloadHeaders(type: string, fileName: string, length?: number): Record<string, string> {
  // The ASCII name for old clients, the exact one (RFC 6266 / 8187) for the rest.
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return {
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    ...(length === undefined ? {} : { "Content-Length": String(length) }),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
}
