import { apiError } from "~/lib/api-error";

/**
 * Any `/api/*` path no API route serves: a JSON 404 in the API's error shape, for every method —
 * not the pages' catch-all redirect to the dashboard, which a script calling the API cannot use.
 */
const notFound = () => apiError(404, "Not Found");

export const loader = notFound;
export const action = notFound;
