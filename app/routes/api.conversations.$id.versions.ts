/**
 * The versions of a conversation's last exchange (decision 012), for the tool page's
 * "Version 2 of 3" switcher. Only the writer's own conversation; anything else is a 404.
 */
import { z } from "zod";
import { apiRoute, jsonBody, method } from "~/lib/api-route.server";
import { fail, found } from "~/lib/api-failure";
import { getDb } from "~/lib/db.server";
import { generationErrors, versionTexts } from "~/messages/tools";
import { chooseVersion, findLastExchange, readExchangeVersions } from "~db/queries/versions";

const bad = versionTexts.badChoice;
const choice = z.strictObject({ exchangeId: z.string().min(1, bad).max(64, bad), version: z.number().int().min(1, bad).max(1000, bad) });
const notFound = () => fail("not-found", generationErrors.conversationNotFound);

const route = apiRoute(
  {
    /** GET /api/conversations/:id/versions → { exchangeId, versions: [{ version, user, answer, status, chosen }] } */
    GET: method({
      who: "writer",
      handle: async ({ user, params }) => {
        const db = getDb();
        const last = found(await findLastExchange({ db, userId: user.id, conversationId: params.id! }), notFound);
        const versions = await readExchangeVersions({ db, userId: user.id, conversationId: params.id!, exchangeId: last.exchangeId });
        return { exchangeId: last.exchangeId, versions };
      },
    }),
    /** POST /api/conversations/:id/versions { exchangeId, version } → chooses that version. */
    POST: method({
      who: "writer",
      body: jsonBody(choice, 4096),
      handle: async ({ user, params, body }) => {
        found(await chooseVersion({ db: getDb(), userId: user.id, conversationId: params.id!, ...body, now: new Date() }), notFound);
        return { ok: true };
      },
    }),
  },
  { signedOut: { error: generationErrors.notSignedIn }, invalid: versionTexts.badChoice, tooLarge: versionTexts.badChoice },
);

export const loader = route.loader;
export const action = route.action;
