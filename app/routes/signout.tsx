import { redirect } from "react-router";
import type { Route } from "./+types/signout";
import { authContext, clearedSessionCookie, invalidateSession } from "~/auth/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { toasts } from "~/messages";

/** Signing out deletes the session on the server, clears the cookie and returns to `/`. */
export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  if (auth.status === "valid") await invalidateSession(auth.sessionId);
  return redirectWithToast(request, "/", toasts.signedOut, {
    headers: { "Set-Cookie": clearedSessionCookie(request) },
  });
}

export function loader() {
  return redirect("/");
}
