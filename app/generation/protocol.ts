/**
 * The wire format between the tool page and /api/generate. The browser sends choices — never
 * a prompt or history; the server answers with newline-delimited JSON events.
 */
import { z } from "zod";
import { MAX_DRAFT_CHARS } from "~/catalog/draft-actions";
import { MAX_FIELD_CHARS, MAX_FOLLOW_UP_CHARS } from "~/catalog/requests";
import { draftTexts } from "~/messages/tools";
import { formatCount } from "~/messages/en-format";
import type { TurnContext } from "~/projects/types";

// Checked against the catalog by the server, which answers an unknown tool with a clear message.
const toolSlug = z.string().min(1).max(64);

const followUpText = z.string().max(MAX_FOLLOW_UP_CHARS, {
  error: `A follow-up can be at most ${formatCount(MAX_FOLLOW_UP_CHARS)} characters.`,
});

/**
 * The writer's active project when they pressed Generate (issue 13): its story bible is sent with
 * the conversation, which keeps it. Later turns use the conversation's own project.
 */
const projectId = z.uuid().optional();

export const generateRequestSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("initial"),
    tool: toolSlug,
    element: z.string().min(1).max(64),
    fields: z
      .record(
        z.string().max(64),
        z.string().max(MAX_FIELD_CHARS, { error: `Each detail can be at most ${formatCount(MAX_FIELD_CHARS)} characters.` }),
      )
      .default({}),
    projectId,
  }),
  z.object({
    kind: z.literal("follow-up"),
    tool: toolSlug,
    conversationId: z.uuid(),
    text: followUpText,
  }),
  // Another version of the last exchange (decision 012).
  z.object({ kind: z.literal("version"), tool: toolSlug, conversationId: z.uuid() }),
  // The last follow-up, edited and sent again: a new version of the last exchange.
  z.object({ kind: z.literal("edit"), tool: toolSlug, conversationId: z.uuid(), text: followUpText }),
  // The last answer (stopped or cut off), carried on from where it ended.
  z.object({ kind: z.literal("continue"), tool: toolSlug, conversationId: z.uuid() }),
  // Work on my draft: a new conversation from the writer's passage and an action.
  z.object({
    kind: z.literal("draft"),
    tool: toolSlug,
    action: z.string().min(1).max(64),
    text: z.string().max(MAX_DRAFT_CHARS, { error: draftTexts.tooLong }),
    projectId,
  }),
]);

export type GenerateRequest = z.infer<typeof generateRequestSchema>;
/** The body as a client sends it (`fields` may be left out). */
export type GenerateRequestBody = z.input<typeof generateRequestSchema>;


/**
 * The response is a stream from the start; bare newlines are keep-alive. `start` comes with the
 * first text, then `delta`s, then `done` or `error`. An `error` with `kept: false` means nothing
 * of the turn was saved or charged (it may come before any `start`).
 */
export type GenerateEvent =
  | {
      type: "start";
      conversationId: string;
      /** Trial conversations left (null: unlimited). */
      queriesRemaining: number | null;
      /** Trial follow-ups left in this conversation (null: unlimited). */
      followUpsLeft: number | null;
      /** The exchange this answer belongs to, and its version (1 for a new exchange). */
      exchangeId: string;
      version: number;
      /** Continue: the deltas extend the last answer instead of starting a new one. */
      continues: boolean;
      /** What the project's story bible gave this answer (null: no project). */
      context: TurnContext | null;
    }
  | { type: "delta"; text: string }
  | { type: "done"; finishReason: string }
  | { type: "error"; message: string; kept: boolean };

/** Body of a request refused before any streaming started (the API error shape). */
export type { ApiError as GenerateRefusal } from "~/lib/api-error";
