/**
 * The versions of a conversation's last exchange (decision 012), for the tool page's
 * "Version 2 of 3" switcher:
 * - GET  /api/conversations/:id/versions → { exchangeId, versions: [{ version, user, answer, status, chosen }] }
 * - POST /api/conversations/:id/versions { exchangeId, version } → chooses that version.
 * Only the writer's own conversation; anything else is a 404.
 */
import { z } from "zod";
import type { Route } from "./+types/api.conversations.$id.versions";
import { requireApiUser } from "~/auth/guards.server";
import { authContext } from "~/auth/session.server";
import { apiError } from "~/lib/api-error";
import { getDb } from "~/lib/db.server";
import { readJsonRequest } from "~/lib/request-body.server";
import { generationErrors, versionTexts } from "~/messages/tools";
import { chooseVersion, findLastExchange, readExchangeVersions } from "~db/queries/versions";

const noStore = { "Cache-Control": "private, no-store" };
const signedOut = { error: generationErrors.notSignedIn };
const notFound = () => apiError(404, generationErrors.conversationNotFound);
const choice = z.strictObject({ exchangeId: z.string().min(1).max(64), version: z.number().int().min(1).max(1000) });

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireApiUser(context.get(authContext), signedOut);
  const db = getDb();
  const last = await findLastExchange({ db, userId: user.id, conversationId: params.id });
  if (!last) return notFound();
  const versions = await readExchangeVersions({ db, userId: user.id, conversationId: params.id, exchangeId: last.exchangeId });
  return Response.json({ exchangeId: last.exchangeId, versions }, { headers: noStore });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Method Not Allowed", { headers: { Allow: "GET, POST" } });
  const user = requireApiUser(context.get(authContext), signedOut);
  const read = await readJsonRequest(request, 4096, { invalid: versionTexts.badChoice, tooLarge: versionTexts.badChoice });
  if (read instanceof Response) return read;
  const parsed = choice.safeParse(read.body);
  if (!parsed.success) return apiError(400, versionTexts.badChoice);
  const chosen = await chooseVersion({ db: getDb(), userId: user.id, conversationId: params.id, ...parsed.data, now: new Date() });
  return chosen ? Response.json({ ok: true }, { headers: noStore }) : notFound();
}
