/**
 * The media type of a request body, parsed (RFC 9110 §8.3.1): the type/subtype before any
 * parameters, lower-cased. A substring search would let `text/plain; x=application/json` pass.
 */
export function mediaTypeOf(request: Request): string {
  const header = request.headers.get("Content-Type") ?? "";
  return (header.split(";", 1)[0] ?? "").trim().toLowerCase();
}
