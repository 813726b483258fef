import { Button, Flex, Heading, Table, Text, TextField } from "@radix-ui/themes";
import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.writers";
import { requireAdminPage } from "~/admin/guard.server";
import { isWriterState, WRITER_STATES, writerState } from "~/admin/writer-state";
import { getDb } from "~/lib/db.server";
import { adminTexts as texts } from "~/messages/admin";
import { privatePageMeta } from "~/lib/page-meta";
import { listWriters, type WriterCursor } from "~db/queries/admin-writers";

export function meta() {
  return privatePageMeta(`${texts.writersHeading} · ${texts.title}`);
}

const PAGE_SIZE = 50;

/** `after=<last activity ms or "none">.<id>`: the last writer of the previous page. */
function readCursor(value: string | null): WriterCursor | null {
  const match = value ? /^(\d+|none)\.([\w-]+)$/.exec(value) : null;
  return match ? { lastActiveAt: match[1] === "none" ? null : Number(match[1]), id: match[2]! } : null;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const stateParam = url.searchParams.get("state");
  const state = isWriterState(stateParam) ? stateParam : undefined;
  const now = new Date();
  const rows = await listWriters({ db: getDb(), search, state, cursor: readCursor(url.searchParams.get("after")), limit: PAGE_SIZE + 1, now });
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  const next = rows.length > PAGE_SIZE && last ? `${last.lastActiveAt?.getTime() ?? "none"}.${last.id}` : null;
  return {
    search,
    state: state ?? "",
    next,
    writers: page.map((row) => ({
      id: row.id,
      email: row.email,
      state: writerState(row, now),
      lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : texts.never);

export default function AdminWriters({ loaderData }: Route.ComponentProps) {
  const { writers, search, state, next } = loaderData;
  const nextParams = new URLSearchParams({ ...(search ? { q: search } : {}), ...(state ? { state } : {}), ...(next ? { after: next } : {}) });
  return (
    <section aria-labelledby="writers-heading">
      <Heading as="h1" size="7" mb="3" id="writers-heading">
        {texts.writersHeading}
      </Heading>
      <Form method="get" role="search">
        <Flex gap="3" align="end" wrap="wrap" mb="4">
          <label className="field-label">
            <Text size="2" weight="medium">
              {texts.searchLabel}
            </Text>
            <TextField.Root name="q" type="search" defaultValue={search} />
          </label>
          <label className="field-label">
            <Text size="2" weight="medium">
              {texts.stateLabel}
            </Text>
            <select name="state" defaultValue={state} className="native-select">
              <option value="">{texts.allStates}</option>
              {WRITER_STATES.map((one) => (
                <option key={one} value={one}>
                  {texts.states[one]}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit">{texts.search}</Button>
        </Flex>
      </Form>
      {writers.length === 0 ? (
        <Text as="p">{texts.noWriters}</Text>
      ) : (
        <Table.Root variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{texts.emailColumn}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{texts.stateLabel}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{texts.lastActive}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{texts.joined}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {writers.map((writer) => (
              <Table.Row key={writer.id}>
                <Table.RowHeaderCell>
                  <Link to={`/admin/writers/${writer.id}`}>{writer.email}</Link>
                </Table.RowHeaderCell>
                <Table.Cell>{texts.states[writer.state]}</Table.Cell>
                <Table.Cell>{day(writer.lastActiveAt)}</Table.Cell>
                <Table.Cell>{day(writer.createdAt)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {next ? (
        <Button asChild variant="soft" mt="3">
          <Link to={`/admin/writers?${nextParams.toString()}`}>{texts.more}</Link>
        </Button>
      ) : null}
    </section>
  );
}
