/** Route guards used by loaders and actions. */
import { redirect, type RouterContextProvider } from "react-router";
import { toasts } from "~/messages/toasts";
import { redirectWithToast } from "~/lib/toast.server";
import { clearedSessionCookie } from "./session.server";
import { authContext, type SessionUser } from "~/lib/auth-context";

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
