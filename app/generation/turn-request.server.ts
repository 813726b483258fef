/**
 * A generation request as a turn: the body (its schema is the route's, protocol.ts) is the
 * writer's choices (tool, element, fields) or a follow-up (conversation id, text), checked against
 * the catalog — never a prompt. Anything unusable is refused (thrown) before anything is charged.
 */
import { toolForQueryType } from "~/catalog/history";
import { buildRequestText, findElement, findToolBySlug } from "~/catalog/requests";
import { fail } from "~/lib/api-failure";
import {
  buildDraftRequestText,
  countWords,
  DRAFT_ELEMENT_PREFIX,
  DRAFT_PASSAGE_DETAIL,
  findDraftAction,
  MAX_DRAFT_WORDS,
} from "~/catalog/draft-actions";
import { draftTexts, generationErrors, generationToasts } from "~/messages/tools";
import { projectErrorTexts } from "~/messages/projects";
import { bibleOf } from "~/projects/turn-context.server";
import type { TurnOpening } from "~db/queries/turn-opening";
import type { LastExchange } from "~db/queries/versions";
import type { GenerateRequest } from "./protocol";
import type { Turn } from "./turn.server";
import { afterTurnInFlight } from "./turns-in-flight.server";

/**
 * A draft may be 20,000 characters, and UTF-8 takes up to 4 bytes for one (3 for most CJK): the
 * passage in any script fits, with room for the JSON around it.
 */
export const MAX_GENERATE_BODY_BYTES = 96 * 1024;

/**
 * `JSON.parse` makes every key an own property, `"__proto__"` included; a parsed record may
 * drop such a key (assigning it sets a prototype). So the names are taken from the raw body.
 */
export function rawFieldNames(body: unknown): string[] {
  if (typeof body !== "object" || body === null || !Object.hasOwn(body, "fields")) return [];
  const fields = (body as { fields: unknown }).fields;
  return typeof fields === "object" && fields !== null ? Object.keys(fields) : [];
}

/**
 * A request read and checked as far as it can be without the database: a new conversation
 * (the project it names, if any, is checked with the turn's batch) or a later turn's input.
 */
export type TurnDraft =
  | { kind: "new"; turn: NewTurnDraft; projectId: string | null }
  | { kind: "later"; input: Exclude<GenerateRequest, { kind: "initial" | "draft" }>; text: string | null; tool: Turn["tool"]; startedAt: Date };

/** The request as checked against the catalog, before the database: refused (a 400) if unusable. */
export function draftOf(input: GenerateRequest, fieldNames: string[], startedAt: Date): TurnDraft {
  const tool = findToolBySlug(input.tool);
  if (!tool) throw fail("invalid", generationErrors.unknownTool);
  if (input.kind === "initial" || input.kind === "draft") {
    const turn = input.kind === "initial" ? initialTurn(input, fieldNames, tool, startedAt) : draftTurn(input, tool, startedAt);
    return { kind: "new", turn, projectId: input.projectId ?? null };
  }
  const text = "text" in input ? input.text.trim() : null;
  if (text === "") throw fail("invalid", generationToasts.inputRequired.description, { title: generationToasts.inputRequired.title });
  return { kind: "later", input, text, tool, startedAt };
}

/** The conversation a later turn builds on: the turn before it settles first (turns-in-flight). */
export async function afterTurnBefore(draft: TurnDraft): Promise<void> {
  if (draft.kind === "later") await afterTurnInFlight(draft.input.conversationId);
}

/**
 * The turn from its draft and what the turn's batch read for the writer: a new conversation's
 * project must be theirs and unarchived; a later turn's conversation must be theirs, in this
 * tool, with an exchange to work on — anything else is refused (a 4xx, as before any charge).
 */
export function completeTurn(draft: TurnDraft, userId: string, opening: TurnOpening): Turn {
  if (draft.kind === "new") {
    const project = draft.projectId === null ? null : bibleOf(opening.project, { usable: true });
    if (draft.projectId !== null && !project) throw fail("not-found", projectErrorTexts.notFound);
    return { ...draft.turn, userId, projectId: project?.id ?? null, project };
  }
  const { input, text, tool, startedAt } = draft;
  const conversation = opening.later?.conversation;
  // A conversation continues in the tool whose history section shows it (either vocabulary).
  if (!conversation || toolForQueryType(conversation.queryType)?.slug !== tool.slug) {
    throw fail("not-found", generationErrors.conversationNotFound);
  }
  // A deleted project leaves the conversation with none; an archived one still gives its bible.
  const project = conversation.projectId ? bibleOf(opening.project, { usable: false }) : null;
  const base = { tool, userId, conversationId: conversation.conversationId, startedAt, project };
  if (input.kind === "follow-up") return { ...base, kind: "follow-up", userText: text ?? "", exchangeId: crypto.randomUUID() };
  return laterTurn(input.kind, text, base, opening.later?.lastExchange);
}

type NewTurn = Omit<Extract<Turn, { kind: "initial" }>, "project">;
type NewTurnDraft = Omit<NewTurn, "userId">;

/** A new conversation from the writer's choices: the element and its details. */
function initialTurn(
  input: Extract<GenerateRequest, { kind: "initial" }>,
  fieldNames: string[],
  tool: Turn["tool"],
  startedAt: Date,
): NewTurnDraft {
  const element = findElement(tool, input.element);
  if (!element) throw fail("invalid", generationErrors.unknownElement);
  const allowed = new Set<string>(element.fields);
  if (fieldNames.some((field) => !allowed.has(field))) throw fail("invalid", generationErrors.unknownField);
  return {
    kind: "initial",
    tool,
    conversationId: crypto.randomUUID(),
    queryType: tool.queryType,
    element: element.value,
    userText: buildRequestText(tool, element, input.fields),
    details: input.fields,
    mode: "generate",
    exchangeId: crypto.randomUUID(),
    startedAt,
  };
}

/** Work on my draft: the passage and the action's instruction are the request (a trial conversation). */
function draftTurn(
  input: { action: string; text: string },
  tool: Turn["tool"],
  startedAt: Date,
): NewTurnDraft {
  const action = findDraftAction(tool.slug, input.action);
  if (!action) throw fail("invalid", draftTexts.unknownAction);
  if (!input.text.trim()) throw fail("invalid", draftTexts.empty);
  if (countWords(input.text) > MAX_DRAFT_WORDS) throw fail("invalid", draftTexts.tooLong);
  return {
    kind: "initial",
    tool,
    conversationId: crypto.randomUUID(),
    queryType: tool.queryType,
    element: `${DRAFT_ELEMENT_PREFIX}${action.value}`,
    userText: buildDraftRequestText(action, input.text),
    // The passage as the model was given it: the page shows tracked changes against it.
    details: { [DRAFT_PASSAGE_DETAIL]: input.text.trim() },
    mode: "draft",
    exchangeId: crypto.randomUUID(),
    startedAt,
  };
}

/** Another version, Edit and Continue: they work on the conversation's last exchange (decision 012). */
function laterTurn(
  kind: "version" | "edit" | "continue",
  text: string | null,
  base: Pick<Turn, "tool" | "userId" | "conversationId" | "startedAt" | "project">,
  last: LastExchange | undefined,
): Turn {
  if (!last) throw fail("not-found", generationErrors.conversationNotFound);
  const replaces = { userRowId: last.userRowId, answerRowId: last.answerRowId };
  const exchange = { exchangeId: last.exchangeId, first: last.first };
  if (kind === "version") {
    return { ...base, ...exchange, kind, userText: last.userText, version: last.versions + 1, replaces };
  }
  if (kind === "edit") {
    if (last.first) throw fail("invalid", generationErrors.onlyFollowUpsEdit);
    return { ...base, ...exchange, kind, userText: text ?? "", version: last.versions + 1, replaces };
  }
  if (last.answerStatus === "complete") throw fail("invalid", generationErrors.nothingToContinue);
  return { ...base, ...exchange, kind, userText: last.userText, answerRowId: last.answerRowId, answerText: last.answerText };
}
