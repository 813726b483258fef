import { Badge, DataList, Flex, Heading, Link as RadixLink, Table, Text } from "@radix-ui/themes";
import { useNavigate, useRevalidator } from "react-router";
import type { Route } from "./+types/admin.writers.$id";
import { requireAdminPage } from "~/admin/guard.server";
import { writerState } from "~/admin/writer-state";
import { WriterActionDialog } from "~/components/admin/writer-action-dialog";
import { getDb } from "~/lib/db.server";
import { adminTexts as texts } from "~/messages/admin";
import { privatePageMeta } from "~/lib/page-meta";
import { readWriter } from "~db/queries/admin-writers";

export function meta() {
  return privatePageMeta(`${texts.writersHeading} · ${texts.title}`);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const writer = await readWriter({ db: getDb(), id: params.id });
  if (!writer) throw new Response(texts.notFound, { status: 404 });
  const sub = writer.subscription;
  return {
    id: writer.id,
    email: writer.email,
    state: writerState(sub, new Date()),
    verified: Boolean(writer.emailVerifiedAt),
    trialEnds: sub.trialEndDate?.toISOString().slice(0, 10) ?? null,
    conversationsLeft: sub.queriesRemaining,
    conversationsUsed: sub.queriesUsed,
    conversations: writer.conversations,
    isAdmin: sub.isAdmin,
    customer: sub.stripeCustomerId,
    subscription: sub.stripeSubscriptionId,
    recent: writer.recent.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
  };
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value>{children}</DataList.Value>
    </DataList.Item>
  );
}

const stripeLink = (kind: "customers" | "subscriptions", id: string | null) =>
  id ? <RadixLink href={`https://dashboard.stripe.com/${kind}/${id}`} target="_blank" rel="noopener noreferrer">{id}</RadixLink> : texts.facts.none;

export default function AdminWriter({ loaderData: writer }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const refresh = () => void revalidator.revalidate();
  const f = texts.facts;
  return (
    <section aria-labelledby="writer-heading">
      <Heading as="h1" size="7" mb="3" id="writer-heading">
        {writer.email}
      </Heading>
      <DataList.Root mb="4">
        <Fact label={f.state}>
          <Badge>{texts.states[writer.state]}</Badge>
        </Fact>
        <Fact label={f.verified}>{writer.verified ? f.yes : f.no}</Fact>
        <Fact label={f.trialEnds}>{writer.trialEnds ?? f.none}</Fact>
        <Fact label={f.conversationsLeft}>{writer.conversationsLeft}</Fact>
        <Fact label={f.conversationsUsed}>{writer.conversationsUsed}</Fact>
        <Fact label={f.conversations}>{writer.conversations}</Fact>
        <Fact label={f.customer}>{stripeLink("customers", writer.customer)}</Fact>
        <Fact label={f.subscription}>{stripeLink("subscriptions", writer.subscription)}</Fact>
      </DataList.Root>
      <Heading as="h2" size="4" mb="2">
        {texts.actionsHeading}
      </Heading>
      <Flex gap="3" wrap="wrap" mb="5">
        <WriterActionDialog writerId={writer.id} email={writer.email} action="add-conversations" label={texts.actions.addConversations} amountLabel={texts.amountLabel.addConversations} onDone={refresh} />
        <WriterActionDialog writerId={writer.id} email={writer.email} action="extend-trial" label={texts.actions.extendTrial} amountLabel={texts.amountLabel.extendTrial} onDone={refresh} />
        <WriterActionDialog writerId={writer.id} email={writer.email} action="sign-out" label={texts.actions.signOut} onDone={refresh} />
        {writer.isAdmin ? (
          <WriterActionDialog writerId={writer.id} email={writer.email} action="remove-admin" label={texts.actions.removeAdmin} danger onDone={refresh} />
        ) : (
          <WriterActionDialog writerId={writer.id} email={writer.email} action="make-admin" label={texts.actions.makeAdmin} onDone={refresh} />
        )}
        <WriterActionDialog writerId={writer.id} email={writer.email} action="delete" label={texts.actions.deleteAccount} danger onDone={() => navigate("/admin/writers")} />
      </Flex>
      <Heading as="h2" size="4" mb="2">
        {texts.recentUsage}
      </Heading>
      {writer.recent.length === 0 ? (
        <Text as="p">{texts.noUsage}</Text>
      ) : (
        <Table.Root variant="surface">
          <Table.Header>
            <Table.Row>
              {texts.usageColumns.map((column) => (
                <Table.ColumnHeaderCell key={column}>{column}</Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {writer.recent.map((event) => (
              <Table.Row key={`${event.createdAt}-${event.queryType}`}>
                <Table.Cell>{event.createdAt.replace("T", " ").slice(0, 16)}</Table.Cell>
                <Table.Cell>{event.queryType}</Table.Cell>
                <Table.Cell>{event.outcome}</Table.Cell>
                <Table.Cell>{`${event.inputTokens ?? "—"} / ${event.outputTokens ?? "—"}`}</Table.Cell>
                <Table.Cell>{event.firstTokenMs ?? "—"}</Table.Cell>
                <Table.Cell>{event.latencyMs ?? "—"}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </section>
  );
}
