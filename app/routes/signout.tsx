import { data, redirect } from "react-router";
import type { Route } from "./+types/signout";
import { clearedSessionCookie, invalidateSession } from "~/auth/session.server";
import { authContext } from "~/lib/auth-context";
import { redirectWithToast } from "~/lib/toast.server";
import { toasts } from "~/messages/toasts";

/** Signing out deletes the session on the server, clears the cookie and returns to `/`. */
export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  if (auth.status === "valid") {
    try {
      await invalidateSession(auth.sessionId);
    } catch (error) {
      // Keep the cookie: the session still exists, so pretending to be signed out would lie.
      console.error("sign-out failed", error);
      return data({ error: toasts.logoutError.fallback }, { status: 500 });
    }
  }
  return redirectWithToast(request, "/", toasts.signedOut, {
    headers: { "Set-Cookie": clearedSessionCookie(request) },
  });
}

export function loader() {
  return redirect("/");
}
