/**
 * The local stand-in services, one small Node server at the network boundary. `npm start`
 * and the test suites start it when real keys are absent; production never points at it.
 *
 *   node tests/mocks/server.ts [--port 0] [--stripe-webhook-url URL] [--stripe-webhook-secret whsec_…]
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { sendJson } from "./http.ts";
import { createMailbox } from "./mailbox.ts";
import { createOpenAIStandIn } from "./openai.ts";
import { createStripeStandIn } from "./stripe.ts";
import type { StripeSettingsUpdate } from "./stripe-control.ts";

export type MockServer = { url: string; server: Server; close(): Promise<void> };

export async function startMockServer({
  port = 0,
  stripe: stripeSettings = {},
}: {
  port?: number;
  /** Initial Stripe stand-in settings (webhookUrl, webhookSecret, priceId, …). */
  stripe?: StripeSettingsUpdate;
} = {}): Promise<MockServer> {
  const mailbox = createMailbox();
  const openai = createOpenAIStandIn();
  const stripe = createStripeStandIn(stripeSettings);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    try {
      if (url.pathname === "/health") return sendJson(res, 200, { ok: true });
      if (await mailbox.handle(req, res, url)) return;
      // Before OpenAI, which answers every other /v1/ path.
      if (await stripe.handle(req, res, url)) return;
      if (await openai.handle(req, res, url)) return;
      sendJson(res, 404, { message: `No stand-in for ${req.method} ${url.pathname}` });
    } catch (error) {
      sendJson(res, 400, { message: error instanceof Error ? error.message : "Bad request" });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        stripe.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "0" },
      "stripe-webhook-url": { type: "string" },
      "stripe-webhook-secret": { type: "string" },
    },
  });
  const mock = await startMockServer({
    port: Number(values.port),
    stripe: {
      ...(values["stripe-webhook-url"] ? { webhookUrl: values["stripe-webhook-url"] } : {}),
      ...(values["stripe-webhook-secret"] ? { webhookSecret: values["stripe-webhook-secret"] } : {}),
    },
  });
  console.log(`stand-in services listening on ${mock.url}`);
  const stop = () => mock.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
