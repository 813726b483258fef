import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { cspNonceContext } from "./lib/csp.server";

export const streamTimeout = 5_000;
/** Above any page's HTML (the largest, a long conversation, is a few hundred KB). */
const PROGRESSIVE_CHUNK_BYTES = 4 * 1024 * 1024;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The Worker entry's nonce, also in this response's Content-Security-Policy: React Router
  // puts it on its scripts, module preloads and streamed data, React on its streaming scripts.
  const nonce = loadContext.get(cspNonceContext);
  let shellRendered = false;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1_000);
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
    nonce,
    signal: controller.signal,
    // React writes a Suspense boundary that finished in time as its fallback plus a script
    // that swaps the content in later once the page passed 12.8 KB (its default): a history
    // page showed 'Loading history...' for a moment and then moved everything under the list
    // (issue 15: CLS 0). Finished boundaries go into the page as they are; ones still waiting
    // stream as before.
    progressiveChunkSize: PROGRESSIVE_CHUNK_BYTES,
    onError(error: unknown) {
      responseStatusCode = 500;
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  body.allReady.finally(() => clearTimeout(timer)).catch(() => {});
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
