/**
 * The dashboard's Subscription Status card (spec section 4): subscribed, trial, or neither,
 * with Subscribe Now (Stripe Checkout, or the Billing Portal for a subscriber), Cancel and
 * Resume. After Checkout the card waits for Stripe's webhook before it says "subscribed":
 * the redirect back alone proves nothing.
 */
import { Badge, Button, Card, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { formatDate, type SubscriptionView } from "~/billing/card-view";
import { ApiCallError, callApi } from "~/lib/api-client";
import { billingTexts, billingToasts } from "~/messages/billing";
import { trialTexts } from "~/messages/trial";
import { useToast } from "./toaster";

const POLL_MS = 1_000;
const POLL_LIMIT_MS = 30_000;

type BillingAnswer = { checkout_url?: string; ok?: boolean; error?: string };

/** A billing step through the one API client; a refusal (or no server) answers `{ error }` with the card's words for it. */
async function postBilling(intent: "subscribe" | "cancel" | "resume"): Promise<BillingAnswer> {
  return callApi<BillingAnswer>(`/api/billing/${intent}`, { method: "POST" }).catch((error: unknown) => ({
    error: !(error instanceof ApiCallError) || error.status === null ? (intent === "subscribe" ? billingTexts.subscribeFailed : billingTexts.cancelFailed) : error.message,
  }));
}

function useBillingAction() {
  const show = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<null | "subscribe" | "cancel" | "resume">(null);

  const subscribe = useCallback(async () => {
    setBusy("subscribe");
    try {
      const answer = await postBilling("subscribe");
      if (answer.checkout_url) {
        window.location.assign(answer.checkout_url);
        return; // stays busy while the browser leaves for Stripe
      }
      show({ ...billingToasts.error, description: answer.error ?? billingTexts.subscribeFailed, variant: "destructive" });
    } catch {
      show({ ...billingToasts.error, description: billingTexts.subscribeFailed, variant: "destructive" });
    }
    setBusy(null);
  }, [show]);

  const change = useCallback(
    async (intent: "cancel" | "resume") => {
      setBusy(intent);
      try {
        const answer = await postBilling(intent);
        if (answer.ok) {
          show(intent === "cancel" ? billingToasts.unsubscribed : billingToasts.resumed);
          revalidator.revalidate();
        } else if (intent === "cancel") {
          show({ ...billingToasts.cancelFailed, variant: "destructive" });
        } else {
          show({ ...billingToasts.error, description: answer.error ?? billingTexts.cancelFailed, variant: "destructive" });
        }
      } catch {
        show({ ...billingToasts.cancelFailed, variant: "destructive" });
      }
      setBusy(null);
    },
    [revalidator, show],
  );
  return { busy, subscribe, change };
}

/** Back from Checkout: poll the card until Stripe's webhook has landed (or give up politely). */
function useCheckoutReturn(view: SubscriptionView, checkout: "success" | "cancelled" | null) {
  const show = useToast();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const started = useRef<number | null>(null);
  const [slow, setSlow] = useState(false);
  const subscribed = view.kind === "subscribed";

  useEffect(() => {
    if (checkout === "cancelled") {
      show(billingToasts.checkoutCancelled);
      navigate("/dashboard", { replace: true });
    }
  }, [checkout, navigate, show]);

  useEffect(() => {
    if (checkout !== "success") return;
    if (subscribed) {
      show(billingToasts.subscribed);
      navigate("/dashboard", { replace: true });
      return;
    }
    started.current ??= Date.now();
    if (Date.now() - started.current > POLL_LIMIT_MS) {
      setSlow(true);
      return;
    }
    const timer = setTimeout(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [checkout, navigate, revalidator, show, subscribed]);

  return { waiting: checkout === "success" && !subscribed, slow };
}

function SubscribeNowButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <Button onClick={onClick} loading={busy}>
      {billingTexts.subscribeNow}
    </Button>
  );
}

/**
 * The trial in plain words, leading with what limits the writer now: the trial's end, then
 * conversations used up (follow-ups in them stay open), then the days and conversations left.
 */
function TrialState({
  view,
  busy,
  onSubscribe,
}: {
  view: Extract<SubscriptionView, { kind: "trial" }>;
  busy: boolean;
  onSubscribe: () => void;
}) {
  const days = (
    <Text as="p" weight={view.periodOver || !view.conversationsUsedUp ? "medium" : undefined} data-testid="trial-days">
      {view.periodOver
        ? trialTexts.ended
        : view.conversationsUsedUp
          ? trialTexts.followUpsStayOpen(view.daysRemaining)
          : trialTexts.daysRemaining(view.daysRemaining)}
    </Text>
  );
  const conversations = view.periodOver ? null : (
    <Text as="p" weight={view.conversationsUsedUp ? "medium" : undefined} data-testid="trial-queries">
      {view.conversationsUsedUp
        ? trialTexts.conversationsUsedUp
        : trialTexts.conversationsLeft(view.conversationsLeft, view.conversationsTotal)}
    </Text>
  );
  return (
    <Flex direction="column" gap="2">
      {view.conversationsUsedUp ? (
        <>
          {conversations}
          {days}
        </>
      ) : (
        <>
          {days}
          {conversations}
        </>
      )}
      <Text as="p" color="gray" size="2">
        {trialTexts.subscribePitch}
      </Text>
      <Flex>
        <SubscribeNowButton busy={busy} onClick={onSubscribe} />
      </Flex>
    </Flex>
  );
}

type BillingBusy = ReturnType<typeof useBillingAction>["busy"];

/** Active (or ending at the period's end), with Cancel or Resume and the Billing Portal. */
function SubscribedState({
  view,
  busy,
  onChange,
  onManage,
}: {
  view: Extract<SubscriptionView, { kind: "subscribed" }>;
  busy: BillingBusy;
  onChange: (intent: "cancel" | "resume") => void;
  onManage: () => void;
}) {
  return (
    <Flex direction="column" gap="2">
      <Text as="p" weight="medium">
        {billingTexts.active}
      </Text>
      {view.nextBillingDate ? (
        <Text as="p" color="gray" data-testid="billing-date">
          {view.cancelAtPeriodEnd
            ? billingTexts.endsOn(formatDate(view.nextBillingDate))
            : billingTexts.nextBilling(formatDate(view.nextBillingDate))}
        </Text>
      ) : null}
      {view.pastDue ? (
        <Text as="p" color="orange" size="2" role="alert">
          {billingTexts.pastDue}
        </Text>
      ) : null}
      <Flex gap="2" wrap="wrap">
        {view.cancelAtPeriodEnd ? (
          <Button onClick={() => onChange("resume")} loading={busy === "resume"} disabled={busy !== null}>
            {billingTexts.resume}
          </Button>
        ) : (
          <Button color="red" variant="soft" onClick={() => onChange("cancel")} loading={busy === "cancel"} disabled={busy !== null}>
            {billingTexts.cancel}
          </Button>
        )}
        <Button variant="soft" color="gray" onClick={onManage} loading={busy === "subscribe"} disabled={busy !== null}>
          {billingTexts.manageBilling}
        </Button>
      </Flex>
    </Flex>
  );
}

export function SubscriptionCard({
  view,
  testPayments,
  checkout,
}: {
  view: SubscriptionView;
  testPayments: boolean;
  checkout: "success" | "cancelled" | null;
}) {
  const { busy, subscribe, change } = useBillingAction();
  const { waiting, slow } = useCheckoutReturn(view, checkout);
  return (
    <Card size="3" className="glass-card subscription-card">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="5">
            {billingTexts.cardTitle}
          </Heading>
          {testPayments ? (
            <Badge color="amber" variant="soft" title={billingTexts.testPaymentsHint}>
              {billingTexts.testPayments}
            </Badge>
          ) : null}
        </Flex>
        {waiting ? (
          <Flex align="center" gap="2" role="status">
            {slow ? null : <Spinner />}
            <Text size="2" color="gray">
              {slow ? billingTexts.confirmingSlow : billingTexts.confirming}
            </Text>
          </Flex>
        ) : null}
        {view.kind === "admin" ? (
          <Flex direction="column" gap="2">
            <Badge size="2" color="amber" className="self-start">
              {billingTexts.adminBadge}
            </Badge>
            <Text as="p">{billingTexts.adminAccess}</Text>
          </Flex>
        ) : null}
        {view.kind === "subscribed" ? (
          <SubscribedState view={view} busy={busy} onChange={change} onManage={subscribe} />
        ) : null}
        {view.kind === "trial" ? (
          <TrialState view={view} busy={busy === "subscribe"} onSubscribe={subscribe} />
        ) : null}
        {view.kind === "none" ? (
          <Flex direction="column" gap="2">
            <Text as="p">{billingTexts.noSubscription}</Text>
            <Flex>
              <SubscribeNowButton busy={busy === "subscribe"} onClick={subscribe} />
            </Flex>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
