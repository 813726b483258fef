/**
 * What the projects API routes share: the signed-in writer, JSON bodies read with a size cap,
 * the answers (no-store JSON, 404 for anything that is not the writer's, 405 naming the allowed
 * methods) and the queries bound to the request's database and the limits of limits.ts.
 */
import type { RouterContextProvider } from "react-router";
import { requireApiUser } from "~/auth/guards.server";
import { authContext, type SessionUser } from "~/auth/session.server";
import { apiError } from "~/lib/api-error";
import { getDb } from "~/lib/db.server";
import { readJsonRequest } from "~/lib/request-body.server";
import { projectErrorTexts } from "~/messages/projects";

export const noStore = { "Cache-Control": "private, no-store" };

/** A project's fields: four sections of 4,000 characters and a sample of 8,000, in any script, JSON-escaped. */
export const MAX_PROJECT_BODY_BYTES = 256 * 1024;
/** Up to 50 entries of up to ~10,500 characters each. */
export const MAX_ENTRIES_BODY_BYTES = 2 * 1024 * 1024;
/** One entry's fields. */
export const MAX_ENTRY_BODY_BYTES = 64 * 1024;

export function projectsUser(context: Readonly<RouterContextProvider>): SessionUser {
  return requireApiUser(context.get(authContext), { error: projectErrorTexts.signedOut });
}

export const projectNotFound = () => apiError(404, projectErrorTexts.notFound);
export const entryNotFound = () => apiError(404, projectErrorTexts.entryNotFound);
export const badRequest = (error: string) => apiError(400, error);
export const conflict = (error: string) => apiError(409, error);

export function methodNotAllowed(allow: string): Response {
  return apiError(405, "Method Not Allowed", { headers: { Allow: allow } });
}

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: noStore });
}

/** The JSON body of a project write, or the error answer in the projects' words (readJsonRequest). */
export function readJsonBody(request: Request, maxBytes: number): Promise<{ body: unknown } | Response> {
  return readJsonRequest(request, maxBytes, projectErrorTexts);
}

export { getDb };
