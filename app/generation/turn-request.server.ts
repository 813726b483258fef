/**
 * Reading a generation request into a turn: the body is the writer's choices (tool, element,
 * fields) or a follow-up (conversation id, text), checked against the catalog — never a prompt.
 * Anything unusable is refused here, before anything is charged.
 */
import { toolForQueryType } from "~/catalog/history";
import { buildRequestText, findElement, findToolBySlug } from "~/catalog/requests";
import { apiError } from "~/lib/api-error";
import { BadFormError, readBodyUpTo } from "~/lib/form.server";
import { getDb } from "~/lib/db.server";
import { generationErrors, generationToasts } from "~/messages/tools";
import { findConversation } from "~db/queries/conversations";
import { generateRequestSchema, type GenerateRequest } from "./protocol";
import type { Turn } from "./turn.server";
import { afterTurnInFlight } from "./turns-in-flight.server";

const MAX_BODY_BYTES = 32 * 1024;

export function refuse(status: number, error: string, title: string = generationToasts.generationError.title) {
  return apiError(status, error, { title });
}

async function readRequest(request: Request): Promise<GenerateRequest | Response> {
  if (!(request.headers.get("Content-Type") ?? "").includes("application/json")) {
    return refuse(415, generationErrors.badRequest);
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(await readBodyUpTo(request, MAX_BODY_BYTES)));
  } catch (error) {
    return refuse(error instanceof BadFormError && error.message.includes("large") ? 413 : 400, generationErrors.badRequest);
  }
  const parsed = generateRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // Only the field and follow-up limits carry a message written for writers.
  const clear =
    issue && issue.code === "too_big" && (issue.path[0] === "fields" || issue.path[0] === "text")
      ? issue.message
      : generationErrors.badRequest;
  return refuse(400, clear);
}

export async function readTurn(request: Request, userId: string): Promise<Turn | Response> {
  const input = await readRequest(request);
  if (input instanceof Response) return input;
  const tool = findToolBySlug(input.tool);
  if (!tool) return refuse(400, generationErrors.unknownTool);
  const startedAt = new Date();

  if (input.kind === "initial") {
    const element = findElement(tool, input.element);
    if (!element) return refuse(400, generationErrors.unknownElement);
    const allowed = new Set<string>(element.fields);
    if (Object.keys(input.fields).some((field) => !allowed.has(field))) {
      return refuse(400, generationErrors.unknownField);
    }
    return {
      kind: "initial",
      tool,
      userId,
      conversationId: crypto.randomUUID(),
      queryType: tool.queryType,
      element: element.value,
      userText: buildRequestText(tool, element, input.fields),
      startedAt,
    };
  }

  const userText = input.text.trim();
  if (!userText) return refuse(400, generationToasts.inputRequired.description, generationToasts.inputRequired.title);
  // A follow-up builds on the conversation as saved: the turn before it settles first.
  await afterTurnInFlight(input.conversationId);
  const conversation = await findConversation({ db: getDb(), userId, conversationId: input.conversationId });
  // A conversation continues in the tool whose history section shows it (either vocabulary).
  if (!conversation || toolForQueryType(conversation.queryType)?.slug !== tool.slug) {
    return refuse(404, generationErrors.conversationNotFound);
  }
  return { kind: "follow-up", tool, userId, conversationId: conversation.conversationId, userText, startedAt };
}
