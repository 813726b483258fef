import { Button } from "@radix-ui/themes";
import { useFetcher } from "react-router";
import { toasts } from "~/messages/toasts";
import { useActionErrorToast } from "./toaster";

/** Sign Out posts to the server, which deletes the session; works without JavaScript too. */
export function SignOutButton() {
  const fetcher = useFetcher<{ error?: string }>();
  const busy = fetcher.state !== "idle";
  useActionErrorToast(fetcher.data, toasts.logoutError.title);
  return (
    <fetcher.Form method="post" action="/signout">
      <Button type="submit" variant="soft" color="gray" disabled={busy}>
        {busy ? "Signing Out..." : "Sign Out"}
      </Button>
    </fetcher.Form>
  );
}
