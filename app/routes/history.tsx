import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Suspense } from "react";
import { Await, Link, data, redirect } from "react-router";
import type { Route } from "./+types/history";
import { optionalUser } from "~/auth/guards.server";
import { historySectionAliases, resolveHistorySection } from "~/catalog/history";
import { AppHeader } from "~/components/app-header";
import { HistoryList } from "~/components/history/history-list";
import { HistorySearch } from "~/components/history/history-search";
import { LoadingHistory } from "~/components/history/history-states";
import { normalizeSearch, projectChoices, projectFilterFound, projectParam, readHistoryPage, starredParam } from "~/history/history.server";
import type { HistoryPage } from "~/history/types";
import { privatePageMeta } from "~/lib/page-meta";
import { historyTexts } from "~/messages/history";
import { FIRST_PAGE_WAIT_MS, settledOrStreamed } from "~/lib/in-time.server";
import { projectErrorTexts } from "~/messages/projects";

export type HistoryPageResult = ({ ok: true } & HistoryPage) | { ok: false; message: string };

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title ?? "History", { robots: "noindex" });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * `/:section/history`: the writer's entries of one section, newest first. The first page is in
 * the first HTML when it is read within FIRST_PAGE_WAIT_MS, else streamed (the page shows
 * 'Loading history...' until it arrives); signed-out visitors get the sign-in message and
 * nothing is read.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const alias = historySectionAliases[params.section];
  if (alias) throw redirect(`/${alias}/history${url.search}`);
  const { section, title, backPath } = resolveHistorySection(params.section);
  const user = optionalUser(context);
  if (!user) return { section, title, backPath, signedIn: false as const, query: "", starred: false, project: null, projects: [], page: null };

  const query = normalizeSearch(url.searchParams.get("q"));
  const starred = starredParam(url.searchParams.get("starred"));
  // `?project=<id>|none` (issue 13): one project's conversations; another writer's project is a 404.
  const project = projectParam(url.searchParams.get("project"));
  if (!(await projectFilterFound(user.id, project))) throw data(projectErrorTexts.notFound, { status: 404 });
  const projects = await projectChoices(user.id);
  const page: Promise<HistoryPageResult> = readHistoryPage({ userId: user.id, section, search: query, starred, project, cursor: null }).then(
    (result) => ({ ok: true as const, ...result }),
    (error: unknown) => {
      console.error("history page could not be read", error);
      return { ok: false as const, message: historyTexts.unavailable };
    },
  );
  // Read in time, the first page is in the first HTML (no loading state, nothing moves).
  const first = await settledOrStreamed(page, FIRST_PAGE_WAIT_MS);
  return { section, title, backPath, signedIn: true as const, query, starred, project: project ?? null, projects, page: first.value };
}

export default function HistoryRoute({ loaderData }: Route.ComponentProps) {
  const { section, title, backPath, query, starred, project } = loaderData;
  return (
    <div className="page history-page">
      <AppHeader>
        <Button asChild variant="soft">
          <Link to={backPath}>{historyTexts.back}</Link>
        </Button>
        <Button asChild variant="soft">
          <Link to="/dashboard">{historyTexts.dashboard}</Link>
        </Button>
      </AppHeader>
      <main className="page-main">
        <Heading as="h1" size="8" mb="4">
          {title}
        </Heading>
        {loaderData.signedIn ? (
          <>
            <HistorySearch query={query} starred={starred} project={project} projects={loaderData.projects} />
            <Suspense key={`${query}:${starred}:${project}`} fallback={<LoadingHistory />}>
              <Await resolve={loaderData.page}>
                {(page) => (
                  <HistoryList key={`${section}:${query}:${starred}:${project}`} section={section} query={query} starred={starred} project={project} first={page} />
                )}
              </Await>
            </Suspense>
          </>
        ) : (
          <Card size="3" className="glass-card history-signed-out">
            <Flex direction="column" gap="3" align="start">
              <Text as="p" size="3">
                {historyTexts.signedOut}
              </Text>
              <Button asChild>
                <Link to="/#signin">{historyTexts.signIn}</Link>
              </Button>
            </Flex>
          </Card>
        )}
      </main>
    </div>
  );
}
