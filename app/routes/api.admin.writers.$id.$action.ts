import { z } from "zod";
import { runWriterAction } from "~/admin/writer-actions.server";
import { apiRoute, jsonBody, method } from "~/lib/api-route.server";
import { backgroundOf } from "~/lib/execution-context.server";
import { adminRequestTexts } from "~/messages/admin";

/** `{amount?}`: how many conversations or days (checked per action, writer-actions.server.ts). */
const writerActionRequest = z.looseObject({ amount: z.unknown().optional() });

const route = apiRoute(
  {
    /** POST /api/admin/writers/:id/:action — a console action on a writer. Anyone but a verified admin gets a 404 and nothing changes. */
    POST: method({
      who: "admin",
      body: jsonBody(writerActionRequest, 1024),
      handle: async ({ user, params, body, context }) => {
        await runWriterAction({ admin: user, writerId: params.id!, action: params.action!, amount: body.amount, background: backgroundOf(context) });
        return { ok: true };
      },
    }),
  },
  adminRequestTexts,
);

export const loader = route.loader;
export const action = route.action;
