import { redirect } from "react-router";

/** Any path we do not serve goes to the dashboard (which sends visitors to `/`). */
export function loader() {
  return redirect("/dashboard");
}

export function action() {
  return redirect("/dashboard");
}
