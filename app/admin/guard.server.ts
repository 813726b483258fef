/**
 * Who may use the owner's console (issue 14, ARCHITECTURE section 13): a signed-in, verified
 * admin, read fresh from the database on every request (a removed admin loses access at once).
 * Anyone else: pages redirect to the dashboard (signed out: the usual sign-in redirect). The
 * admin API (`who: "admin"` in its declarations, lib/api-route.server.ts) answers them 404.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { requireUser } from "~/auth/guards.server";
import type { SessionUser } from "~/lib/auth-context";
import { getDb } from "~/lib/db.server";
import { isVerifiedAdmin } from "~db/queries/admins";

type Context = Readonly<RouterContextProvider>;
export type Admin = SessionUser;

/** For /admin pages: the admin, or a thrown redirect. */
export async function requireAdminPage(request: Request, context: Context): Promise<Admin> {
  const { user } = requireUser(request, context);
  if (!(await isVerifiedAdmin({ db: getDb(), userId: user.id }))) throw redirect("/dashboard");
  return user;
}
