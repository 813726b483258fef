import { fail } from "~/lib/api-failure";
import { apiRoute, method } from "~/lib/api-route.server";

/**
 * Any `/api/*` path no API route serves: a JSON 404 in the API's error shape, for every method —
 * not the pages' catch-all redirect to the dashboard, which a script calling the API cannot use.
 */
const notFound = method({
  who: "public",
  handle: async () => {
    throw fail("not-found", "Not Found");
  },
});

const route = apiRoute({ GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound }, {});

export const loader = route.loader;
export const action = route.action;
