import { redirect } from "react-router";

/** The old sign-in page: sign-in now lives in the landing page's dialog. */
export function loader() {
  return redirect("/#signin");
}
