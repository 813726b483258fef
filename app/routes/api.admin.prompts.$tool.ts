import type { Route } from "./+types/api.admin.prompts.$tool";
import { requireAdminApi } from "~/admin/guard.server";
import { MAX_TRY_DETAILS_BYTES, checkTry, tryPrompt } from "~/admin/prompt-try.server";
import { MAX_PROMPT_CHARS, checkPromptText, findTool, promptState, publishPrompt, versionText } from "~/admin/prompts.server";
import { apiError } from "~/lib/api-error";
import { promptTexts } from "~/messages/admin-prompts";
import { readJsonRequest } from "~/lib/request-body.server";
import { adminRequestTexts } from "~/messages/admin";
import { badRequest, json, methodNotAllowed } from "~/projects/api.server";

/** The prompt's characters, JSON-escaped (up to 6 bytes each for non-ASCII), a try's details and the envelope. */
const MAX_BODY_BYTES = MAX_PROMPT_CHARS * 6 + MAX_TRY_DETAILS_BYTES + 1024;

/** GET /api/admin/prompts/:tool — the tool's prompt in force, the shipped default and its versions. */
export async function loader({ context, params }: Route.LoaderArgs) {
  await requireAdminApi(context);
  const tool = findTool(params.tool);
  return tool ? json(await promptState(tool)) : apiError(404, promptTexts.unknownTool);
}

type Body = { action?: unknown; text?: unknown; versionId?: unknown; element?: unknown; fields?: unknown };

/**
 * POST /api/admin/prompts/:tool — `{action: "publish", text}`, `{action: "revert", versionId}`
 * (that version's text published again as a new version), `{action: "default"}`, or
 * `{action: "try", text, element, fields}`: the draft run once against the model, answered as
 * `{answer, ending, model, inputTokens, outputTokens}` — nothing published, charged or saved.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminApi(context);
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const tool = findTool(params.tool);
  if (!tool) return apiError(404, promptTexts.unknownTool);
  const read = await readJsonRequest(request, MAX_BODY_BYTES, adminRequestTexts);
  if (read instanceof Response) return read;
  if (typeof read.body !== "object" || read.body === null) return badRequest(promptTexts.invalid);
  const body = read.body as Body;
  if (body.action === "try") {
    const checked = checkTry(tool, body);
    if (!checked.ok) return badRequest(checked.error);
    const tried = await tryPrompt(admin, tool, checked.value, request.signal);
    return tried.ok ? json(tried.value) : apiError(tried.status, tried.error);
  }
  if (body.action === "publish") {
    const checked = checkPromptText(body.text);
    if (!checked.ok) return badRequest(checked.error);
    await publishPrompt(admin, tool, checked.text, "prompt.publish");
  } else if (body.action === "revert") {
    const version = typeof body.versionId === "string" ? await versionText(tool, body.versionId) : undefined;
    if (!version) return apiError(404, promptTexts.unknownVersion);
    await publishPrompt(admin, tool, version.text, "prompt.revert");
  } else if (body.action === "default") {
    await publishPrompt(admin, tool, null, "prompt.default");
  } else {
    return badRequest(promptTexts.unknownAction);
  }
  return json(await promptState(tool));
}
