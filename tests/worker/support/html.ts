/** Reading documents and data responses the way a browser (and React Router) would. */

export function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'");
}

/** The page's text as a reader sees it: no scripts, styles, comments or tags; entities decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, " ")
    .replace(/<style[\s\S]*?<\/style>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

export type RouterData = {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
};

/**
 * The loader/action data React Router serialised into a document response (turbo-stream in
 * `streamController.enqueue(...)`), decoded for plain objects, arrays, primitives and dates.
 */
export function routerData(html: string): RouterData {
  const chunks = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map(
    (match) => JSON.parse(match[1] ?? '""') as string,
  );
  const firstLine = chunks.join("").split("\n")[0];
  if (!firstLine) throw new Error("no router data in the document");
  return decodeTurboStream(firstLine) as RouterData;
}

/** Decodes one turbo-stream line (plain objects, arrays, primitives, dates). */
export function decodeTurboStream(line: string): unknown {
  const values = JSON.parse(line) as unknown[];
  const decode = (index: number): unknown => {
    if (index === -5) return null;
    if (index === -7) return undefined;
    if (index < 0) throw new Error(`unsupported turbo-stream marker ${index}`);
    const value = values[index];
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      if (value[0] === "D") return new Date(value[1] as number);
      if (typeof value[0] === "string") throw new Error(`unsupported turbo-stream type ${value[0]}`);
      return value.map((item) => decode(item as number));
    }
    const object: Record<string, unknown> = {};
    for (const [key, valueIndex] of Object.entries(value as Record<string, number>)) {
      object[values[Number(key.slice(1))] as string] = decode(valueIndex);
    }
    return object;
  };
  return decode(0);
}

/** The body of a single-fetch data response (what the app's fetchers receive). */
export async function dataResponse(response: Response): Promise<Record<string, unknown>> {
  const firstLine = (await response.text()).split("\n")[0] ?? "";
  return decodeTurboStream(firstLine) as Record<string, unknown>;
}

/** The `error` an action returned for a route (e.g. "routes/signup"), from a document response. */
export async function actionError(response: Response, routeId: string): Promise<string | undefined> {
  const data = routerData(await response.text());
  const forRoute = data.actionData?.[routeId] as { error?: string } | undefined;
  return forRoute?.error;
}

