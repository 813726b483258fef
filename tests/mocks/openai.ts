/**
 * Stand-in for the OpenAI Chat Completions API (`POST /v1/chat/completions`, streamed or not),
 * close enough to the real wire format that `@ai-sdk/openai` talks to it unchanged with
 * `baseURL = ${mockUrl}/v1`. Answers are deterministic markdown that reflects the request
 * (element, details, follow-up text, system prompt), streamed a word at a time; the same request
 * asked again reads differently (Another version), and the server's Continue instruction gets
 * the rest of the answer that was stopped.
 *
 * Tests, benches and demo users steer it through `/__control/openai` (see openai-control.ts):
 * token delays, a fixed answer length, and faults (HTTP status, stream cut, stall, unreachable,
 * a slower pace for matching requests).
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { readBody, sendJson } from "./http.ts";
import {
  contentText,
  type OpenAIControlUpdate,
  type OpenAIFault,
  type OpenAISettings,
  type OpenAIState,
  type RecordedChatRequest,
} from "./openai-control.ts";
import { bibleSection } from "./openai-bible.ts";
import { castSection } from "./openai-cast.ts";
import { draftAnswer } from "./openai-drafts.ts";

export type { OpenAIFault, OpenAISettings, OpenAIState } from "./openai-control.ts";

const DEFAULTS: OpenAISettings = { tokenDelayMs: 15, firstTokenDelayMs: 0, responseTokens: null, faults: [] };
const RECENT_LIMIT = 50;
const ASKED_LIMIT = 10_000;
const MAX_DELAY_MS = 60_000;
const MAX_RESPONSE_TOKENS = 100_000;

type Message = { role: string; text: string };

// ---------------------------------------------------------------------------------------------
// The answer

/** Splits text into "tokens": a word with the whitespace after it. Joining them gives the text back. */
export function tokenize(text: string): string[] {
  return text.match(/\s+|\S+\s*/g) ?? [];
}

type Topic = { words: RegExp; title: string; body: (element: string) => string; revised: string };

const TOPICS: Topic[] = [
  {
    words: /\b(?:world|setting)/,
    title: "Shaping the world",
    body: (e) =>
      `A convincing world for your ${e} starts with one rule the characters cannot break and one place they cannot avoid. Give the setting a history that leaks into the present: a ruined bridge, a custom nobody questions, a smell that means trouble.`,
    revised:
      "The world now carries more weight: its one unbreakable rule shows up earlier, and every location earns its place by pushing on the characters.",
  },
  {
    words: /\b(?:character|dramatis|personae)/,
    title: "Bringing the characters to life",
    body: () =>
      "Give each of the characters a want they admit, a need they hide and a habit that betrays them under pressure. Let the supporting cast want something different from the lead, so every scene has friction.",
    revised:
      "The characters are sharper: each one's hidden need surfaces in a single gesture, and the supporting cast pushes back harder.",
  },
  {
    words: /\b(?:poem|poetry|rhyme|meter|imagery|language)/,
    title: "Sound and image",
    body: (e) =>
      `Read the ${e} aloud before you judge it. Lean on concrete images over abstractions, let the line breaks create small surprises, and keep the rhythm steady until the moment you want the reader to stumble.`,
    revised:
      "The poem's images are more concrete now, the line breaks land on stronger words, and the rhythm only breaks where the meaning turns.",
  },
  {
    words: /\b(?:dialogue|voice|tone|style)/,
    title: "Finding the voice",
    body: () =>
      "Every voice needs a vocabulary, a rhythm and a blind spot. Cut the lines that only deliver information, and let the subtext do the work: people rarely say exactly what they mean.",
    revised: "The voice is tighter: fewer explanatory lines, more subtext, and a rhythm that stays consistent throughout.",
  },
  {
    words: /\b(?:melody|hook|song|lyric)/,
    title: "Hook and melody",
    body: () =>
      "Put the hook where the listener's attention peaks, keep it short enough to sing after one hearing, and let the verses build the tension the chorus releases.",
    revised: "The hook arrives sooner and repeats with a small change the last time, so the ending feels earned.",
  },
  {
    words: /\b(?:structure|outline|scene|pacing|arrangement|organization|storyboard|script)/,
    title: "Building the structure",
    body: (e) =>
      `Lay out the ${e} in beats: a setup that makes a promise, a middle that complicates it, and a turn that pays it off. Each beat should change something, or it can go.`,
    revised: "The structure is leaner: two beats merged, the midpoint turn moved earlier, and the payoff mirrors the opening.",
  },
  {
    words: /\b(?:research|fact|question|key points|topic)/,
    title: "What to verify",
    body: () =>
      "Separate what you know from what you assume. Flag every statistic, date and quotation for checking against a primary source before publishing, and note where experts disagree.",
    revised: "The claims that need checking are now flagged inline, and the summary says plainly where the evidence is thin.",
  },
  {
    words: /\b(?:audience|platform|posting|content|growth|filming|visual)/,
    title: "Reaching your audience",
    body: () =>
      "Write for one specific reader on one platform first. Open with the payoff, keep each post to a single idea, and plan a posting rhythm you can keep up for a month.",
    revised: "The plan now names one audience and one platform first, with a posting rhythm that is realistic to keep.",
  },
  {
    words: /\b(?:theme|concept|premise|idea|story|opening|conclusion|clarity)/,
    title: "Theme and premise",
    body: (e) =>
      `State the heart of the ${e} in one sentence, then test every part against it. A strong premise contains a question the reader wants answered and a cost for answering it.`,
    revised: "The premise is stated in one sentence now, and every section answers to it.",
  },
];

const GENERAL_TOPIC: Topic = {
  words: /$^/,
  title: "Shaping the draft",
  body: (e) =>
    `Start the ${e} with its strongest idea, cut what repeats, and end on an image or line the reader will remember.`,
  revised: "The draft is tighter: the strongest idea comes first and the repetition is gone.",
};

function topicsFor(element: string): Topic[] {
  const lower = element.toLowerCase();
  const found = TOPICS.filter((topic) => topic.words.test(lower)).slice(0, 2);
  return found.length > 0 ? found : [GENERAL_TOPIC];
}

type Detail = { label: string; value: string };

/** Reads the app's request text: 'Generate {element}.' then optional 'Label: value' lines. */
export function parseRequestText(text: string): { element: string; details: Detail[] } | null {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const first = /^\s*Generate (.+)\.\s*$/.exec(lines[0] ?? "");
  if (!first) return null;
  const details: Detail[] = [];
  for (const line of lines.slice(1)) {
    const field = /^([^:\n]{1,80}):\s?(.*)$/.exec(line);
    if (field) details.push({ label: field[1]!.trim(), value: field[2]!.trim() });
    else if (line.trim() && details.length > 0) {
      const last = details[details.length - 1]!;
      last.value = `${last.value} ${line.trim()}`.trim();
    }
  }
  return { element: first[1]!.trim(), details };
}

const quote = (text: string) =>
  text
    .trim()
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `> ${line}` : ">"))
    .join("\n");

const clip = (text: string, length: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
};

/** The first 40 characters of the system prompt, whitespace runs collapsed and < > removed. */
export function systemPromptEcho(messages: Message[]): string {
  const system = messages.find((m) => m.role === "system" || m.role === "developer");
  if (!system) return "_System prompt: none_";
  const head = system.text.slice(0, 40).replace(/[<>]/g, "").replace(/\s+/g, " ").trim();
  return `_System prompt: "${head}"_`;
}

const FOOTER = "_Demo response from the local stand-in model._\n";

/**
 * A real model samples: asked the same thing again (Another version), it words the answer
 * differently. The stand-in stays deterministic: the Nth identical request (take N, from 0) gets
 * the Nth of these angles, an opening that says so, and the same headings as the first take.
 */
const ANGLES = [
  "This version works backwards from the ending: decide the last image first, then make every earlier beat lean towards it.",
  "This version takes the quieter road: fewer events, more weight on each, and room for the reader to fill the silences.",
  "This version leans on one vivid, concrete image and builds everything else outward from it.",
];

const angleOf = (take: number) => ANGLES[(take - 1) % ANGLES.length]!;

/** The server's instruction on Continue (app/generation/generate.server.ts). */
const CONTINUE_PREFIX = "Continue your previous answer exactly where it stopped";

/** The same answer carried on: the rest of what the stopped answer would have said. */
function continuation(messages: Message[], lastUser: number): { body: string; footer: string } {
  const answered = messages.findLastIndex((m, index) => index < lastUser && m.role === "assistant");
  const sofar = answered >= 0 ? messages[answered]!.text : "";
  const asked = messages.slice(0, answered);
  for (let take = 0; answered > 0 && take <= ANGLES.length; take++) {
    const { body, footer } = composeAnswer(asked, take);
    const whole = body + footer;
    if (sofar && whole.startsWith(sofar) && whole.length > sofar.length) return { body: whole.slice(sofar.length), footer: "" };
  }
  return { body: " and that is where the thought was heading.\n\n## Carrying on\n\nPicking the thread back up: keep the momentum of the last paragraph and let the next one answer the question it raised.\n\n", footer: FOOTER };
}

/**
 * The deterministic markdown answer, split into body (before the footer) and footer. `take` is
 * how many identical requests came before this one (0: the first take). With a project context
 * block in the request, the body ends with what it received ("From your story bible") — except a
 * revision shown as tracked changes and a continuation (its answer already has the section). A
 * character list element gets its cast as a "## Characters" list (openai-cast.ts).
 */
export function composeAnswer(messages: Message[], take = 0): { body: string; footer: string } {
  const lastUser = messages.findLastIndex((m) => m.role === "user");
  const ask = lastUser >= 0 ? messages[lastUser]!.text : "";
  if (ask.startsWith(CONTINUE_PREFIX)) return continuation(messages, lastUser);
  const before = lastUser >= 0 ? messages.slice(0, lastUser) : messages;
  const isFollowUp = before.some((m) => m.role === "assistant");
  const footer = `${systemPromptEcho(messages)}\n\n${FOOTER}`;
  const bible = bibleSection(messages);

  if (isFollowUp) {
    const earlier = before.filter((m) => m.role === "user");
    const original = earlier.map((m) => parseRequestText(m.text)).find((r) => r !== null);
    const element = original?.element ?? "your draft";
    const turns = earlier.length;
    const parts = [
      "# Revision",
      quote(ask || "(no follow-up text)"),
      `This revision takes ${turns} earlier ${turns === 1 ? "turn" : "turns"} into account and keeps working on the ${element.toLowerCase()}.`,
      "## What changed",
      take === 0
        ? `Following your note — “${clip(ask, 80)}” — I reworked the parts it touches and left the rest as it was.`
        : `Taking your note — “${clip(ask, 80)}” — another way this time, I rebuilt the parts it touches from scratch.`,
      ...topicsFor(element).flatMap((topic) => [`## ${topic.title}, revised`, topic.revised]),
      ...(take === 0 ? [] : ["## Another angle", angleOf(take)]),
      "## Next steps",
      "- Read the revision against your original goal.\n- Ask for another pass on any single section.",
    ];
    return { body: `${parts.join("\n\n")}\n\n${bible}`, footer };
  }

  // Work on my draft: a revision alone (no footer: it is shown as tracked changes), or notes.
  const draft = draftAnswer(ask);
  if (draft) return draft.revisionOnly ? { body: draft.body, footer: "" } : { body: draft.body + bible, footer };

  const request = parseRequestText(ask);
  if (!request) {
    const parts = [
      "# Response",
      quote(ask || "(empty request)"),
      "Here are a few thoughts on your request.",
      `## ${GENERAL_TOPIC.title}`,
      GENERAL_TOPIC.body("piece"),
    ];
    return { body: `${parts.join("\n\n")}\n\n${bible}`, footer };
  }

  const { element, details } = request;
  const filled = details.filter((d) => d.value);
  const detailSection =
    filled.length > 0
      ? filled.map((d) => `- **${d.label}:** ${d.value}`).join("\n")
      : "No details were given, so this draft keeps things open. Add a few to steer the next one.";
  const lead = filled[0];
  const parts = [
    `# ${element}`,
    `Here is ${take === 0 ? "a first take" : "another take"} on the ${element.toLowerCase()}${
      lead ? `, built around your ${lead.label.toLowerCase()}: ${clip(lead.value, 60)}` : ""
    }.`,
    "## Your details",
    detailSection,
    ...castSection(element, filled),
    ...topicsFor(element).flatMap((topic) => [`## ${topic.title}`, topic.body(element.toLowerCase())]),
    ...(take === 0 ? [] : ["## Another angle", angleOf(take)]),
    "## Next steps",
    "- Pick the idea that excites you most and draft one page from it.\n- Ask a follow-up to go deeper on any section.",
  ];
  return { body: `${parts.join("\n\n")}\n\n${bible}`, footer };
}

const FILLER = [
  "## Going further\n\nA draft grows stronger when each paragraph does one job. Read this one, decide what its job is, and cut anything that does a different job.",
  "- Keep a list of images worth reusing.\n- Note every promise the opening makes.\n- Check that the ending keeps them.",
  "Revision is where the real writing happens. Put the draft away for a day, then read it as a stranger would, marking every place you lose **interest** or **clarity**.",
  "> The first draft is you telling yourself the story.\n\nThe second draft is you telling it to someone else, so make room for the reader.",
  "1. Name the feeling you want to leave behind.\n2. Find the scene that creates it.\n3. Trim everything that dilutes it.",
];

function fillerTokens(count: number): string[] {
  const tokens: string[] = [];
  for (let i = 0; tokens.length < count; i++) tokens.push(...tokenize(`${FILLER[i % FILLER.length]}\n\n`));
  tokens.length = count;
  if (count > 0) tokens[count - 1] = tokens[count - 1]!.replace(/\s*$/, "\n\n");
  return tokens;
}

/** The answer's tokens, padded or trimmed to `exactly` tokens when given (footer kept when it fits). */
export function answerTokens(messages: Message[], exactly: number | null, take = 0): string[] {
  const { body, footer } = composeAnswer(messages, take);
  const bodyTokens = tokenize(body);
  const footerTokens = tokenize(footer);
  const all = [...bodyTokens, ...footerTokens];
  if (exactly === null) return all;
  if (exactly <= all.length) return all.slice(0, exactly);
  return [...bodyTokens, ...fillerTokens(exactly - all.length), ...footerTokens];
}

// ---------------------------------------------------------------------------------------------
// Wire format

type ErrorBody = { message: string; type: string; code: string | null; param?: string | null };

/** Answers with OpenAI's error JSON: `{ "error": { message, type, param, code } }`. */
function openAIError(res: ServerResponse, status: number, error: ErrorBody, headers: Record<string, string> = {}) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    "Content-Type": "application/json",
    "x-request-id": `req_${crypto.randomUUID().replace(/-/g, "")}`,
    ...headers,
  });
  const { message, type, param = null, code } = error;
  res.end(JSON.stringify({ error: { message, type, param, code } }));
}

const invalid = (message: string, code: string | null = null, param: string | null = null): ErrorBody => ({
  message,
  type: "invalid_request_error",
  code,
  param,
});

/** What OpenAI answers for each status a fault can inject (the message can be overridden). */
function faultError(status: number, model: string): ErrorBody {
  switch (status) {
    case 401:
      return invalid("Incorrect API key provided.", "invalid_api_key");
    case 403:
      return invalid("You are not allowed to use this model.", "model_not_found");
    case 404:
      return invalid(`The model \`${model}\` does not exist or you do not have access to it.`, "model_not_found");
    case 429:
      return {
        message: `Rate limit reached for ${model}. Please try again in 1s.`,
        type: "requests",
        code: "rate_limit_exceeded",
      };
    case 500:
      return {
        message: "The server had an error while processing your request. Sorry about that!",
        type: "server_error",
        code: "server_error",
      };
    case 503:
      return {
        message: "The engine is currently overloaded, please try again later.",
        type: "server_error",
        code: "service_unavailable",
      };
    default:
      return status >= 500
        ? { message: `Stand-in fault: HTTP ${status}.`, type: "server_error", code: null }
        : invalid(`Stand-in fault: HTTP ${status}.`);
  }
}

type Plan = {
  id: string;
  created: number;
  model: string;
  tokens: string[];
  finishReason: "stop" | "length";
  promptTokens: number;
  includeUsage: boolean;
  settings: OpenAISettings;
};

const usageOf = (plan: Plan, completion: number) => ({
  prompt_tokens: plan.promptTokens,
  completion_tokens: completion,
  total_tokens: plan.promptTokens + completion,
});

function sseChunk(plan: Plan, body: Record<string, unknown>): string {
  const chunk = {
    id: plan.id,
    object: "chat.completion.chunk",
    created: plan.created,
    model: plan.model,
    ...body,
    ...(plan.includeUsage && !("usage" in body) ? { usage: null } : {}),
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

const tokenChunk = (plan: Plan, index: number) =>
  sseChunk(plan, {
    choices: [
      {
        index: 0,
        delta: index === 0 ? { role: "assistant", content: plan.tokens[index] } : { content: plan.tokens[index] },
        logprobs: null,
        finish_reason: null,
      },
    ],
  });

/** Writes, waiting for the socket to drain when its buffer is full; rejects once the client is gone. */
async function write(res: ServerResponse, data: string, signal: AbortSignal) {
  if (!res.write(data)) await once(res, "drain", { signal });
}

/** Drops the connection mid-response, after what was already written has reached the client. */
function cutConnection(res: ServerResponse) {
  const socket = res.socket;
  if (!socket || socket.destroyed) return;
  socket.end(() => socket.destroy());
}

const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });

/** Waits until token `index` is due; paced from the start so the average rate stays exact. */
async function pace(start: number, index: number, settings: OpenAISettings, signal: AbortSignal) {
  const due = start + settings.firstTokenDelayMs + index * settings.tokenDelayMs;
  const wait = due - performance.now();
  if (wait >= 1) await sleep(wait, undefined, { signal });
  else if (index % 64 === 63) await new Promise((resolve) => setImmediate(resolve));
  if (signal.aborted) throw signal.reason;
}

/** How many tokens go out before a cut or stall fault strikes (all of them without one). */
const tokensBeforeFault = (plan: Plan, fault: OpenAIFault | undefined) =>
  fault?.kind === "cut" || fault?.kind === "stall" || fault?.kind === "end"
    ? Math.min(fault.afterTokens, plan.tokens.length)
    : plan.tokens.length;

async function stream(res: ServerResponse, plan: Plan, fault: OpenAIFault | undefined, signal: AbortSignal) {
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache",
    Connection: "keep-alive",
    "x-request-id": `req_${plan.id}`,
  });
  res.flushHeaders();
  const stopAt = tokensBeforeFault(plan, fault);
  const start = performance.now();
  for (let i = 0; i < stopAt; i++) {
    await pace(start, i, plan.settings, signal);
    await write(res, tokenChunk(plan, i), signal);
  }
  if (fault?.kind === "cut") return cutConnection(res);
  if (fault?.kind === "stall") return untilAborted(signal);
  // A proxy that truncates: the stream simply ends, with no finish reason and no [DONE].
  if (fault?.kind === "end") return void res.end();
  const finish = { index: 0, delta: {}, logprobs: null, finish_reason: plan.finishReason };
  await write(res, sseChunk(plan, { choices: [finish] }), signal);
  if (plan.includeUsage) {
    await write(res, sseChunk(plan, { choices: [], usage: usageOf(plan, plan.tokens.length) }), signal);
  }
  res.end("data: [DONE]\n\n");
}

async function respondWhole(res: ServerResponse, plan: Plan, fault: OpenAIFault | undefined, signal: AbortSignal) {
  const { settings } = plan;
  const produced = tokensBeforeFault(plan, fault);
  const wait = settings.firstTokenDelayMs + produced * settings.tokenDelayMs;
  if (wait >= 1) await sleep(wait, undefined, { signal });
  if (fault?.kind === "cut") return cutConnection(res);
  if (fault?.kind === "stall") return untilAborted(signal);
  sendJson(res, 200, {
    id: plan.id,
    object: "chat.completion",
    created: plan.created,
    model: plan.model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: plan.tokens.join(""), refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: plan.finishReason,
      },
    ],
    usage: usageOf(plan, plan.tokens.length),
  });
}

// ---------------------------------------------------------------------------------------------
// Control API validation

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function delay(value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > MAX_DELAY_MS) {
    throw new Error(`${name} must be a number of milliseconds between 0 and ${MAX_DELAY_MS}`);
  }
  return value;
}

function count(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number between ${min} and ${max}`);
  }
  return value;
}

function parseFault(value: unknown, index: number): OpenAIFault {
  const name = `faults[${index}]`;
  if (!isObject(value)) throw new Error(`${name} must be an object`);
  const target: { match?: string; times?: number } = {};
  if (value.match !== undefined) {
    if (typeof value.match !== "string" || !value.match) throw new Error(`${name}.match must be a non-empty string`);
    target.match = value.match;
  }
  if (value.times !== undefined) target.times = count(value.times, `${name}.times`, 1, 1_000_000);
  const allowed = new Set(["kind", "match", "times"]);
  let fault: OpenAIFault;
  switch (value.kind) {
    case "status": {
      const status = count(value.status, `${name}.status`, 400, 599);
      if (value.message !== undefined && typeof value.message !== "string") {
        throw new Error(`${name}.message must be a string`);
      }
      fault = { kind: "status", status, ...target };
      if (typeof value.message === "string") fault.message = value.message;
      allowed.add("status").add("message");
      break;
    }
    case "reply":
      if (typeof value.text !== "string") throw new Error(`${name}.text must be a string`);
      fault = { kind: "reply", text: value.text, ...target };
      allowed.add("text");
      break;
    case "cut":
    case "stall":
    case "end":
      fault = {
        kind: value.kind,
        afterTokens: count(value.afterTokens, `${name}.afterTokens`, 0, MAX_RESPONSE_TOKENS),
        ...target,
      };
      allowed.add("afterTokens");
      break;
    case "unreachable":
      fault = { kind: "unreachable", ...target };
      break;
    case "slow":
      fault = { kind: "slow", tokenDelayMs: delay(value.tokenDelayMs, `${name}.tokenDelayMs`), ...target };
      allowed.add("tokenDelayMs");
      break;
    default:
      throw new Error(`${name}.kind must be one of "status", "cut", "stall", "end", "reply", "unreachable", "slow"`);
  }
  const unknown = Object.keys(value).filter((key) => !allowed.has(key));
  if (unknown.length > 0) throw new Error(`${name}: unknown field(s) ${unknown.join(", ")}`);
  return fault;
}

function parseUpdate(body: unknown): OpenAIControlUpdate {
  if (!isObject(body)) throw new Error("Send a JSON object");
  const known = new Set(["tokenDelayMs", "firstTokenDelayMs", "responseTokens", "faults", "clearFaults"]);
  const unknown = Object.keys(body).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new Error(`Unknown setting(s): ${unknown.join(", ")}`);
  const update: OpenAIControlUpdate = {};
  if (body.tokenDelayMs !== undefined) update.tokenDelayMs = delay(body.tokenDelayMs, "tokenDelayMs");
  if (body.firstTokenDelayMs !== undefined) {
    update.firstTokenDelayMs = delay(body.firstTokenDelayMs, "firstTokenDelayMs");
  }
  if (body.responseTokens !== undefined) {
    update.responseTokens =
      body.responseTokens === null ? null : count(body.responseTokens, "responseTokens", 1, MAX_RESPONSE_TOKENS);
  }
  if (body.clearFaults !== undefined) {
    if (typeof body.clearFaults !== "boolean") throw new Error("clearFaults must be true or false");
    update.clearFaults = body.clearFaults;
  }
  if (body.faults !== undefined) {
    if (!Array.isArray(body.faults)) throw new Error("faults must be an array");
    update.faults = body.faults.map(parseFault);
  }
  return update;
}

// ---------------------------------------------------------------------------------------------
// The handler

function normalise(raw: unknown): Message[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((m) =>
    isObject(m) ? { role: String(m.role ?? ""), text: contentText(m.content) } : { role: "", text: "" },
  );
}

export function createOpenAIStandIn(initial: Partial<Omit<OpenAISettings, "faults">> = {}) {
  const defaults = (): OpenAISettings => ({ ...DEFAULTS, ...initial, faults: [] });
  let settings = defaults();
  let requests = 0;
  let activeRequests = 0;
  let clientAborts = 0;
  let recent: RecordedChatRequest[] = [];
  let aborted: RecordedChatRequest[] = [];
  /** How often each exact conversation was asked for (Another version gets a different take). */
  let asked = new Map<string, number>();

  function takeOf(messages: Message[]): number {
    const key = createHash("sha256").update(JSON.stringify(messages)).digest("base64");
    const take = asked.get(key) ?? 0;
    asked.delete(key);
    asked.set(key, take + 1);
    // The oldest conversations are forgotten first, so a long bench run stays small.
    if (asked.size > ASKED_LIMIT) asked.delete(asked.keys().next().value!);
    return take;
  }

  function state(match?: string): OpenAIState {
    const matching = (requests: RecordedChatRequest[]) =>
      match ? requests.filter((r) => normalise(r.messages).some((m) => m.text.includes(match))) : requests;
    const list = matching(recent);
    return {
      ...settings,
      faults: settings.faults.map((f) => ({ ...f })),
      requests,
      activeRequests,
      clientAborts,
      lastRequest: list.at(-1) ?? null,
      recentRequests: list,
      abortedRequests: matching(aborted),
    };
  }

  function reset() {
    settings = defaults();
    requests = 0;
    clientAborts = 0;
    recent = [];
    aborted = [];
    asked = new Map();
  }

  /** Finds the first fault that applies to these messages and uses up one of its `times`. */
  function takeFault(messages: Message[]): OpenAIFault | undefined {
    const fault = settings.faults.find((f) => !f.match || messages.some((m) => m.text.includes(f.match!)));
    if (fault?.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) settings.faults = settings.faults.filter((f) => f !== fault);
    }
    return fault && { ...fault };
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method === "GET") return sendJson(res, 200, state(url.searchParams.get("match") ?? undefined));
    if (req.method === "DELETE") {
      reset();
      return sendJson(res, 200, state());
    }
    if (req.method === "POST") {
      let update: OpenAIControlUpdate;
      try {
        const text = await readBody(req);
        update = parseUpdate(text ? JSON.parse(text) : {});
      } catch (error) {
        return sendJson(res, 400, { message: error instanceof Error ? error.message : "Bad request" });
      }
      const { faults = [], clearFaults, ...rest } = update;
      settings = { ...settings, ...rest, faults: [...(clearFaults ? [] : settings.faults), ...faults] };
      return sendJson(res, 200, state());
    }
    sendJson(res, 405, { message: "Use GET, POST or DELETE" });
  }

  async function completions(req: IncomingMessage, res: ServerResponse) {
    if (!/^Bearer \S+/.test(req.headers.authorization ?? "")) {
      return openAIError(
        res,
        401,
        invalid(
          "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        ),
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req, 20_000_000));
    } catch {
      return openAIError(res, 400, invalid("We could not parse the JSON body of your request."));
    }
    if (!isObject(body)) return openAIError(res, 400, invalid("The request body must be a JSON object."));
    requests += 1;
    recent = [...recent, body as RecordedChatRequest].slice(-RECENT_LIMIT);

    if (typeof body.model !== "string" || !body.model) {
      return openAIError(res, 400, invalid("you must provide a model parameter", null, "model"));
    }
    if (!Array.isArray(body.messages)) {
      return openAIError(
        res,
        400,
        invalid("Missing required parameter: 'messages'.", "missing_required_parameter", "messages"),
      );
    }
    if (body.messages.length === 0) {
      const message =
        "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.";
      return openAIError(res, 400, invalid(message, "empty_array", "messages"));
    }
    const cap = body.max_completion_tokens ?? body.max_tokens;
    if (cap !== undefined && cap !== null && (typeof cap !== "number" || !Number.isInteger(cap) || cap < 1)) {
      const message = "Invalid 'max_tokens': expected an integer of at least 1.";
      return openAIError(res, 400, invalid(message, "integer_below_min_value", "max_tokens"));
    }

    const messages = normalise(body.messages);
    const fault = takeFault(messages);
    // A slow model for the matching requests only: the others keep the shared pace.
    const run = { ...settings, faults: [], ...(fault?.kind === "slow" ? { tokenDelayMs: fault.tokenDelayMs } : {}) };
    const model = body.model;

    if (fault?.kind === "unreachable") {
      res.socket?.destroy();
      return;
    }
    if (fault?.kind === "status") {
      const error = faultError(fault.status, model);
      if (fault.message) error.message = fault.message;
      return openAIError(res, fault.status, error, fault.status === 429 ? { "retry-after": "1" } : {});
    }

    let tokens = fault?.kind === "reply" ? tokenize(fault.text) : answerTokens(messages, run.responseTokens, takeOf(messages));
    let finishReason: Plan["finishReason"] = "stop";
    if (typeof cap === "number" && tokens.length > cap) {
      tokens = tokens.slice(0, cap);
      finishReason = "length";
    }
    const streamOptions = isObject(body.stream_options) ? body.stream_options : {};
    const plan: Plan = {
      id: `chatcmpl-${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`,
      created: Math.floor(Date.now() / 1000),
      model,
      tokens,
      finishReason,
      promptTokens: messages.reduce((sum, m) => sum + 4 + tokenize(m.text).length, 0),
      includeUsage: body.stream === true && streamOptions.include_usage === true,
      settings: run,
    };

    const aborter = new AbortController();
    const cutByFault = fault?.kind === "cut";
    const onClose = () => {
      if (aborter.signal.aborted) return;
      if (!res.writableFinished && !cutByFault) {
        clientAborts += 1;
        aborted = [...aborted, body as RecordedChatRequest].slice(-RECENT_LIMIT);
      }
      aborter.abort(new Error("client went away"));
    };
    res.once("close", onClose);
    if (req.socket.destroyed) onClose();
    activeRequests += 1;
    try {
      if (body.stream === true) await stream(res, plan, fault, aborter.signal);
      else await respondWhole(res, plan, fault, aborter.signal);
    } catch (error) {
      // The client went away (abort) or the socket failed: nothing left to answer.
      if (!aborter.signal.aborted) res.destroy(error instanceof Error ? error : undefined);
    } finally {
      activeRequests -= 1;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === "/__control/openai") {
      await control(req, res, url);
      return true;
    }
    if (!url.pathname.startsWith("/v1/")) return false;
    if (url.pathname === "/v1/chat/completions" && req.method === "POST") {
      await completions(req, res);
    } else if (url.pathname === "/v1/models" && req.method === "GET") {
      const demo = { id: "demo-model", object: "model", created: 0, owned_by: "stand-in" };
      sendJson(res, 200, { object: "list", data: [demo] });
    } else {
      openAIError(res, 404, invalid(`Invalid URL (${req.method} ${url.pathname})`));
    }
    return true;
  }

  return { handle, state, reset };
}
