import { Button, Heading, Table, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import type { Route } from "./+types/admin.audit";
import { requireAdminPage } from "~/admin/guard.server";
import { getDb } from "~/lib/db.server";
import { adminTexts as texts } from "~/messages/admin";
import { privatePageMeta } from "~/lib/page-meta";
import { listAudit, type AuditCursor } from "~db/queries/admin-audit";

export function meta() {
  return privatePageMeta(`${texts.auditHeading} · ${texts.title}`);
}

const PAGE_SIZE = 50;
/** A published prompt is long: the log shows the opening of each side of a change. */
const SHOWN_CHARS = 160;
const shorten = (json: string | null) => (json === null ? "—" : json.length > SHOWN_CHARS ? `${json.slice(0, SHOWN_CHARS)}…` : json);

function readCursor(value: string | null): AuditCursor | null {
  const match = value ? /^(\d+)\.([\w-]+)$/.exec(value) : null;
  return match ? { createdAt: new Date(Number(match[1])), id: match[2]! } : null;
}

/** `/admin/audit`: every admin action, newest first, read-only. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const rows = await listAudit({ db: getDb(), after: readCursor(url.searchParams.get("after")), limit: PAGE_SIZE + 1 });
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    next: rows.length > PAGE_SIZE && last ? `${last.createdAt.getTime()}.${last.id}` : null,
    entries: page.map((row) => ({
      id: row.id,
      when: row.createdAt.toISOString().replace("T", " ").slice(0, 19),
      who: row.adminEmail,
      what: row.action,
      target: row.target,
      change: `${shorten(row.before)} → ${shorten(row.after)}`,
    })),
  };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const c = texts.auditColumns;
  return (
    <section aria-labelledby="audit-heading">
      <Heading as="h1" size="7" mb="3" id="audit-heading">
        {texts.auditHeading}
      </Heading>
      {loaderData.entries.length === 0 ? (
        <Text as="p">{texts.auditEmpty}</Text>
      ) : (
        <Table.Root variant="surface">
          <Table.Header>
            <Table.Row>
              {[c.when, c.who, c.what, c.target, c.change].map((column) => (
                <Table.ColumnHeaderCell key={column}>{column}</Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {loaderData.entries.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell>{entry.when}</Table.Cell>
                <Table.Cell>{entry.who}</Table.Cell>
                <Table.Cell>{entry.what}</Table.Cell>
                <Table.Cell>{entry.target}</Table.Cell>
                <Table.Cell className="audit-change">{entry.change}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {loaderData.next ? (
        <Button asChild variant="soft" mt="3">
          <Link to={`/admin/audit?after=${loaderData.next}`}>{texts.more}</Link>
        </Button>
      ) : null}
    </section>
  );
}
