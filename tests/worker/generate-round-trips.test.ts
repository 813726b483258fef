/**
 * Issue 15 / decision 009: a writer's first token waits on at most ONE database round trip. In
 * production the database is remote (D1 from the edge, Turso), so each round trip before the
 * model call is paid in full before the first words.
 *
 * Counted on the real path: the D1 binding's prototypes are wrapped in this isolate (the built
 * Worker runs here and uses the same binding), so every round trip — a statement's
 * `first`/`all`/`run`/`raw` or a `batch` — is counted, and the Worker's `fetch` to the
 * stand-in's chat endpoint takes a snapshot of the count at the moment the model request is sent.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { execute, sessionsOf, usageReaches } from "./support/db";
import { postGenerate, readGeneration, STAND_IN_URL, startConversation, uniqueMarker } from "./support/generation";
import { eventually } from "./support/wait";

type Counted = { method: string; sql?: string };

const calls: Counted[] = [];
/** For each model request containing a marker: the database calls made before it was sent. */
const beforeModel = new Map<string, Counted[]>();
const restore: (() => void)[] = [];

function wrap(target: object, method: string, describe: (self: unknown, args: unknown[]) => Counted) {
  const proto = target as Record<string, (...args: unknown[]) => unknown>;
  const original = proto[method]!;
  proto[method] = function (this: unknown, ...args: unknown[]) {
    calls.push(describe(this, args));
    return original.apply(this, args);
  };
  restore.push(() => {
    proto[method] = original;
  });
}

beforeAll(() => {
  const statementProto = Object.getPrototypeOf(env.DB.prepare("select 1")) as object;
  for (const method of ["first", "all", "run", "raw"]) {
    wrap(statementProto, method, (self) => ({ method, sql: sqlOf(self) }));
  }
  wrap(Object.getPrototypeOf(env.DB) as object, "batch", (_self, args) => ({
    method: "batch",
    sql: (args[0] as unknown[]).map(sqlOf).join(" ; "),
  }));
  wrap(Object.getPrototypeOf(env.DB) as object, "exec", () => ({ method: "exec" }));
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(`${STAND_IN_URL}/v1/chat/completions`)) {
      const body = typeof init?.body === "string" ? init.body : "";
      for (const marker of markers) if (body.includes(marker)) beforeModel.set(marker, [...calls]);
    }
    return realFetch(input, init);
  };
  restore.push(() => {
    globalThis.fetch = realFetch;
  });
});

afterAll(() => {
  for (const undo of restore.reverse()) undo();
});

/** The statement's SQL, where the binding shows it (only for the failure message). */
function sqlOf(statement: unknown): string | undefined {
  const text = (statement as { statement?: unknown; query?: unknown } | null)?.statement ?? (statement as { query?: unknown })?.query;
  return typeof text === "string" ? text.slice(0, 120) : undefined;
}

const markers = new Set<string>();

/** Runs `send` and returns the database calls made from its start until the model request carrying `marker`. */
async function callsBeforeModel(marker: string, send: () => Promise<unknown>): Promise<Counted[]> {
  markers.add(marker);
  const from = calls.length;
  await send();
  const snapshot = beforeModel.get(marker);
  expect(snapshot, "the model request was seen by the counting fetch (the Worker runs in this isolate)").toBeDefined();
  return snapshot!.slice(from);
}

const initial = (marker: string) => ({
  kind: "initial" as const,
  tool: "prose",
  element: "characters",
  fields: { genre: "noir", character: `${marker} the lighthouse keeper`, storyIdea: "" },
});

describe("the first token waits on at most one database round trip", () => {
  it("a first generation: session lookup and reservation in one batch", async () => {
    const { browser, userId } = await signUp();
    const marker = uniqueMarker("RT");
    let conversationId = "";
    const before = await callsBeforeModel(marker, async () => {
      ({ conversationId } = await startConversation(browser, initial(marker)));
    });
    expect(before, JSON.stringify(before)).toHaveLength(1);
    expect(before[0]!.method).toBe("batch");
    expect(conversationId).not.toBe("");
    // Its background writes (saving, usage) land after the first token.
    await usageReaches(userId, 1);
  });

  it("a follow-up: session, reservation, the conversation and its thread in one batch", async () => {
    const { browser, userId } = await signUp();
    const first = await startConversation(browser, initial(uniqueMarker("RT")));
    // The first turn's background writes are done: none of them is counted below.
    await usageReaches(userId, 1);
    const marker = uniqueMarker("RTF");
    const before = await callsBeforeModel(marker, async () => {
      const response = await postGenerate(browser, { kind: "follow-up", tool: "prose", conversationId: first.conversationId, text: `Darker, ${marker}` });
      const generation = await readGeneration(response);
      expect(generation.followUpsLeft).not.toBeNull();
    });
    expect(before, JSON.stringify(before)).toHaveLength(1);
    expect(before[0]!.method).toBe("batch");
  });

  it("another version of the last exchange: still one round trip", async () => {
    const { browser, userId } = await signUp();
    const marker = uniqueMarker("RTV");
    const first = await startConversation(browser, initial(marker));
    await usageReaches(userId, 1);
    const before = await callsBeforeModel(marker, async () => {
      const response = await postGenerate(browser, { kind: "version", tool: "prose", conversationId: first.conversationId });
      expect((await readGeneration(response)).events[0]).toMatchObject({ type: "start", version: 2 });
    });
    expect(before, JSON.stringify(before)).toHaveLength(1);
  });

  it("a session due for renewal: renewed in the same batch", async () => {
    const { browser, userId } = await signUp();
    const [session] = await sessionsOf(userId);
    // Less than half of the 30 days left: this request renews it.
    const soon = Date.now() + 5 * 24 * 60 * 60 * 1000;
    await execute("UPDATE sessions SET expires_at = ? WHERE id = ?", soon, session!.id);
    const marker = uniqueMarker("RTR");
    let cookie: string | null = null;
    const before = await callsBeforeModel(marker, async () => {
      const response = await postGenerate(browser, initial(marker));
      cookie = response.headers.get("Set-Cookie");
      await readGeneration(response);
    });
    expect(before, JSON.stringify(before)).toHaveLength(1);
    expect(cookie).toMatch(/tws_session=/);
    await eventually(async () => {
      const [renewed] = await sessionsOf(userId);
      return renewed!.expires_at > soon + 20 * 24 * 60 * 60 * 1000;
    });
  });
});
