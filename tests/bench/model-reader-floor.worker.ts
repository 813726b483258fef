/**
 * The second floor under the time-to-first-token budget (ttft.ts): a Worker that checks
 * nothing and reads nothing from the database, and only streams the model's answer to the
 * client through the app's own model reader (the AI SDK's `streamText`, model-reader.server.ts)
 * as the app's `delta` events. Bundled and served by forwarding-worker.ts.
 */
import { createOpenAI } from "@ai-sdk/openai";
import type { ModelMessage } from "ai";
import { readModel } from "../../app/generation/model-reader.server.ts";

type Env = { TARGET_URL: string };
type ChatBody = { messages: { role: string; content: string }[] };

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { messages } = (await request.json()) as ChatBody;
    const [system, ...rest] = messages;
    const provider = createOpenAI({ apiKey: "bench", baseURL: env.TARGET_URL });
    const reader = readModel({
      model: provider.chat("bench"),
      system: system?.content ?? "",
      messages: rest.map((message) => ({ role: "user", content: message.content }) satisfies ModelMessage),
      temperature: 0.8,
      maxOutputTokens: 1000,
      timeoutMs: 30_000,
      onTick: () => {},
    });
    const encoder = new TextEncoder();
    // Like the app: the response goes out with the first piece of the answer.
    let step = await reader.texts.next();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (step.done) return controller.close();
        controller.enqueue(encoder.encode(`${JSON.stringify({ type: "delta", text: step.value })}\n`));
        step = await reader.texts.next();
      },
    });
    return new Response(body, { headers: { "Content-Type": "application/x-ndjson; charset=utf-8" } });
  },
};
