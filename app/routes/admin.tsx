import { Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import type { Route } from "./+types/admin";
import { requireAdminPage } from "~/admin/guard.server";
import { PLAN } from "~/rules/plan";
import { OverviewChart } from "~/components/admin/overview-chart";
import { getDb } from "~/lib/db.server";
import { adminTexts, overviewTexts as texts } from "~/messages/admin";
import { privatePageMeta } from "~/lib/page-meta";
import { OVERVIEW_DAYS, readOverview } from "~db/queries/admin-overview";
import { formatCount } from "~/messages/en-format";

export function meta() {
  return privatePageMeta(`${texts.heading} · ${adminTexts.title}`);
}

/** `/admin`: the business at a glance (decision 014), every figure computed in SQL in one batch. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return readOverview({ db: getDb() });
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
const percent = (part: number, whole: number) => (whole === 0 ? "—" : `${((100 * part) / whole).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`);

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card size="2" className="overview-figure">
      <Text as="p" size="2" color="gray">
        {label}
      </Text>
      <Text as="p" size={{ initial: "5", sm: "6" }} weight="bold">
        {value}
      </Text>
      {note ? (
        <Text as="p" size="1" color="gray">
          {note}
        </Text>
      ) : null}
    </Card>
  );
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { writers, trials, subscribers, days, firstToken } = loaderData;
  const sum = (pick: (day: (typeof days)[number]) => number) => days.reduce((total, day) => total + pick(day), 0);
  const calls = sum((day) => day.calls);
  const bad = sum((day) => day.bad);
  const tokensIn = sum((day) => day.inputTokens);
  const tokensOut = sum((day) => day.outputTokens);
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="7">
        {texts.heading}
      </Heading>
      <Grid columns={{ initial: "2", md: "4" }} gap="3">
        <Figure label={texts.writers} value={formatCount(writers.total)} note={texts.newThisWeek(writers.newThisWeek)} />
        <Figure label={texts.trials} value={formatCount(trials.active)} note={texts.trialsNote} />
        <Figure label={texts.subscribers} value={formatCount(subscribers.active)} note={texts.subscribersNote(subscribers.pastDue, subscribers.cancelling)} />
        <Figure label={texts.mrr} value={dollars(subscribers.active * PLAN.priceCentsPerMonth)} note={texts.mrrNote(subscribers.active, PLAN.priceText)} />
      </Grid>
      <Heading as="h2" size="5">
        {texts.windowHeading(OVERVIEW_DAYS)}
      </Heading>
      <Grid columns={{ initial: "2", md: "3" }} gap="3">
        <Figure label={texts.conversations} value={formatCount(sum((day) => day.conversations))} />
        <Figure label={texts.calls} value={formatCount(calls)} />
        <Figure label={texts.tokens} value={`${compact.format(tokensIn)} / ${compact.format(tokensOut)}`} note={texts.tokensNote(tokensIn, tokensOut)} />
        <Figure label={texts.firstToken} value={texts.firstTokenValue(firstToken.p50, firstToken.p95)} note={texts.firstTokenNote(firstToken.measured)} />
        <Figure label={texts.failedShare} value={percent(bad, calls)} note={texts.failedShareNote(bad, calls)} />
      </Grid>
      <OverviewChart days={days} />
    </Flex>
  );
}
