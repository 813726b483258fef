/**
 * Who may use the owner's console (issue 14, ARCHITECTURE section 13): a signed-in, verified
 * admin, read fresh from the database on every request (a removed admin loses access at once).
 * Anyone else: pages redirect to the dashboard (signed out: the usual sign-in redirect), and the
 * admin API answers 404 — it does not exist for them.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { authContext, type SessionUser } from "~/auth/session.server";
import { apiError } from "~/lib/api-error";
import { getDb } from "~/lib/db.server";
import { isVerifiedAdmin } from "~db/queries/admins";

type Context = Readonly<RouterContextProvider>;
export type Admin = SessionUser;

const NOT_FOUND = "Not Found";

/** For /admin pages: the admin, or a thrown redirect. */
export async function requireAdminPage(request: Request, context: Context): Promise<Admin> {
  const { user } = requireUser(request, context);
  if (!(await isVerifiedAdmin({ db: getDb(), userId: user.id }))) throw redirect("/dashboard");
  return user;
}

/** For /api/admin routes: the admin, or a thrown 404 (signed out too). */
export async function requireAdminApi(context: Context): Promise<Admin> {
  const auth = context.get(authContext);
  if (auth.status !== "valid" || !(await isVerifiedAdmin({ db: getDb(), userId: auth.user.id }))) throw apiError(404, NOT_FOUND);
  return auth.user;
}
