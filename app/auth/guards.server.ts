/** Route guards used by loaders and actions. */
import { redirect, type RouterContextProvider } from "react-router";
import { toasts } from "~/messages/toasts";
import { apiError, type ApiError } from "~/lib/api-error";
import { redirectWithToast } from "~/lib/toast.server";
import { authContext, clearedSessionCookie, type AuthState, type SessionUser } from "./session.server";

type Context = Readonly<RouterContextProvider>;

/** Signed-in user, or a redirect to `/` ("Session Expired" when a session existed but died). */
export function requireUser(request: Request, context: Context): { user: SessionUser; sessionId: string } {
  const auth = context.get(authContext);
  if (auth.status === "valid") return { user: auth.user, sessionId: auth.sessionId };
  if (auth.status === "invalid") {
    throw redirectWithToast(
      request,
      "/",
      { ...toasts.sessionExpired, variant: "destructive" },
      { headers: { "Set-Cookie": clearedSessionCookie(request) } },
    );
  }
  throw redirect("/");
}

/** Pages for visitors only (landing, sign-up): a signed-in user goes to the dashboard. */
export function redirectSignedInUser(context: Context) {
  if (context.get(authContext).status === "valid") throw redirect("/dashboard");
}

export function optionalUser(context: Context): SessionUser | null {
  return context.get(authContext).user;
}

/**
 * The one guard of the API routes and /api/generate: the signed-in writer, or a thrown 401 in
 * the API error shape, with the words the route uses for a signed-out writer. Takes the
 * resolved session (`context.get(authContext)` in a route; /api/generate resolves its own).
 */
export function requireApiUser(auth: AuthState, signedOut: Pick<ApiError, "error"> & Partial<ApiError>): SessionUser {
  if (auth.status === "valid") return auth.user;
  throw apiError(401, signedOut.error, { title: signedOut.title });
}
