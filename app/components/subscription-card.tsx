import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { formatDate, type SubscriptionView } from "~/billing/subscription-status";
import { toasts } from "~/messages";
import { useToast } from "./toaster";

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function SubscribeNowButton() {
  const show = useToast();
  // Billing (Stripe Checkout) arrives with the subscriptions work; until then say so plainly.
  return <Button onClick={() => show(toasts.paymentsNotConfigured)}>Subscribe Now</Button>;
}

export function SubscriptionCard({ view }: { view: SubscriptionView }) {
  return (
    <Card size="3" className="glass-card subscription-card">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5">
          Subscription Status
        </Heading>
        {view.kind === "admin" ? (
          <Flex direction="column" gap="2">
            <Badge size="2" color="amber" className="self-start">Admin</Badge>
            <Text as="p">You have admin access with unlimited queries.</Text>
          </Flex>
        ) : null}
        {view.kind === "subscribed" ? (
          <Flex direction="column" gap="2">
            <Text as="p" weight="medium">
              Your subscription is active. Unlimited queries, $5/month.
            </Text>
            {view.nextBillingDate ? (
              <Text as="p" color="gray">
                {view.cancelAtPeriodEnd
                  ? `Access stays until ${formatDate(view.nextBillingDate)}.`
                  : `Next billing date: ${formatDate(view.nextBillingDate)}`}
              </Text>
            ) : null}
          </Flex>
        ) : null}
        {view.kind === "trial" ? (
          <Flex direction="column" gap="2">
            {view.daysRemaining > 0 ? (
              <Text as="p" weight="medium" data-testid="trial-days">
                Free trial: {plural(view.daysRemaining, "day")} remaining
              </Text>
            ) : (
              <Text as="p" weight="medium" data-testid="trial-days">
                Your free trial has ended.
              </Text>
            )}
            <Text as="p" data-testid="trial-queries">
              {view.queriesRemaining === 1 ? "1 query" : `${view.queriesRemaining} queries`} remaining
            </Text>
            <Text as="p" color="gray" size="2">
              Subscribe for unlimited queries at $5/month.
            </Text>
            <Flex>
              <SubscribeNowButton />
            </Flex>
          </Flex>
        ) : null}
        {view.kind === "none" ? (
          <Flex direction="column" gap="2">
            <Text as="p">No active subscription</Text>
            <Flex>
              <SubscribeNowButton />
            </Flex>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
