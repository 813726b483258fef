import { Button, Callout, Flex } from "@radix-ui/themes";
import { useEffect } from "react";
import type { FormResult } from "~/lib/form-result";
import { verifyTexts } from "~/messages/account";
import { toasts } from "~/messages/toasts";
import { useActionErrorToast, useToast } from "./toaster";
import { useFormResult } from "./use-form-result";

const INTENT = "resend-verification";

/** "Confirm your e-mail — we sent a link to …" with a rate-limited resend (decision 011); works without scripts too. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const { fetcher, busy, result } = useFormResult<FormResult & { resent?: true }>({ key: INTENT, intent: INTENT });
  const show = useToast();
  const resent = result?.resent === true;
  useActionErrorToast(result, toasts.error.title);
  useEffect(() => {
    if (resent) show(verifyTexts.resent);
  }, [resent, show]);

  return (
    <Callout.Root size="1" color="amber" variant="surface" mb="4" className="verify-banner" data-testid="verify-email-banner">
      <Flex align="center" justify="between" gap="3" wrap="wrap" width="100%">
        <Callout.Text>{verifyTexts.banner(email)}</Callout.Text>
        <fetcher.Form method="post" action="/dashboard">
          <input type="hidden" name="intent" value={INTENT} />
          <Button type="submit" size="1" variant="soft" disabled={busy}>
            {busy ? verifyTexts.resending : verifyTexts.resend}
          </Button>
        </fetcher.Form>
      </Flex>
      {/* Without scripts the page comes back with the answer: say it here, where the press was (with scripts a toast says it too). */}
      {result?.error || resent ? <Callout.Text role="status">{result?.error ?? verifyTexts.resent.description}</Callout.Text> : null}
    </Callout.Root>
  );
}
