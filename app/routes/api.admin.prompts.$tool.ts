import { z } from "zod";
import { checkTry, MAX_TRY_DETAILS_BYTES, tryPrompt } from "~/admin/prompt-try.server";
import { checkPromptText, findTool, MAX_PROMPT_CHARS, promptState, publishPrompt, versionText } from "~/admin/prompts.server";
import { fail, found } from "~/lib/api-failure";
import { apiRoute, jsonBody, method } from "~/lib/api-route.server";
import { adminRequestTexts } from "~/messages/admin";
import { promptTexts } from "~/messages/admin-prompts";

/** The prompt's characters, JSON-escaped (up to 6 bytes each for non-ASCII), a try's details and the envelope. */
const MAX_BODY_BYTES = MAX_PROMPT_CHARS * 6 + MAX_TRY_DETAILS_BYTES + 1024;

/** An action and what it needs; what the tool allows (its elements, their details) is checked per action. */
const promptRequest = z.looseObject({
  action: z.enum(["publish", "revert", "default", "try"], promptTexts.unknownAction),
  text: z.unknown().optional(),
  versionId: z.unknown().optional(),
  element: z.unknown().optional(),
  fields: z.unknown().optional(),
});

const toolOf = (slug: string | undefined) => found(findTool(slug ?? ""), () => fail("not-found", promptTexts.unknownTool));

const route = apiRoute(
  {
    /** GET /api/admin/prompts/:tool — the tool's prompt in force, the shipped default and its versions. */
    GET: method({ who: "admin", handle: async ({ params }) => promptState(toolOf(params.tool)) }),
    /**
     * POST /api/admin/prompts/:tool — `{action: "publish", text}`, `{action: "revert", versionId}`
     * (that version's text published again as a new version), `{action: "default"}`, or
     * `{action: "try", text, element, fields}`: the draft run once against the model, answered as
     * `{answer, ending, model, inputTokens, outputTokens}` — nothing published, charged or saved.
     */
    POST: method({
      who: "admin",
      body: jsonBody(promptRequest, MAX_BODY_BYTES),
      handle: async ({ user, params, body, request }) => {
        const tool = toolOf(params.tool);
        if (body.action === "try") {
          const checked = checkTry(tool, body);
          if (!checked.ok) throw fail("invalid", checked.error);
          return tryPrompt(user, tool, checked.value, request.signal);
        }
        if (body.action === "publish") {
          const checked = checkPromptText(body.text);
          if (!checked.ok) throw fail("invalid", checked.error);
          await publishPrompt(user, tool, checked.text, "prompt.publish");
        } else if (body.action === "revert") {
          const version = found(typeof body.versionId === "string" ? await versionText(tool, body.versionId) : undefined, () => fail("not-found", promptTexts.unknownVersion));
          await publishPrompt(user, tool, version.text, "prompt.revert");
        } else {
          await publishPrompt(user, tool, null, "prompt.default");
        }
        return promptState(tool);
      },
    }),
  },
  { ...adminRequestTexts, invalid: promptTexts.invalid, wrongType: adminRequestTexts.invalid },
);

export const loader = route.loader;
export const action = route.action;
