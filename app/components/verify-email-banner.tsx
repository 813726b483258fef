import { Button, Callout, Flex } from "@radix-ui/themes";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { verifyTexts } from "~/messages/account";
import { toasts } from "~/messages/toasts";
import { useActionErrorToast, useToast } from "./toaster";

type ResendResult = { resent?: true; error?: string } | undefined;

/** "Confirm your e-mail — we sent a link to …" with a rate-limited resend (decision 011). */
export function VerifyEmailBanner({ email }: { email: string }) {
  const fetcher = useFetcher<ResendResult>({ key: "resend-verification" });
  const show = useToast();
  const busy = fetcher.state !== "idle";
  const resent = fetcher.state === "idle" && fetcher.data?.resent === true;
  useActionErrorToast(fetcher.data, toasts.error.title);
  useEffect(() => {
    if (resent) show(verifyTexts.resent);
  }, [resent, show]);

  return (
    <Callout.Root size="1" color="amber" variant="surface" mb="4" className="verify-banner" data-testid="verify-email-banner">
      <Flex align="center" justify="between" gap="3" wrap="wrap" width="100%">
        <Callout.Text>{verifyTexts.banner(email)}</Callout.Text>
        <fetcher.Form method="post" action="/dashboard">
          <input type="hidden" name="intent" value="resend-verification" />
          <Button type="submit" size="1" variant="soft" disabled={busy}>
            {busy ? verifyTexts.resending : verifyTexts.resend}
          </Button>
        </fetcher.Form>
      </Flex>
    </Callout.Root>
  );
}
