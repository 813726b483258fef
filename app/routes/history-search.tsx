import { Button, Heading, Text } from "@radix-ui/themes";
import { Suspense } from "react";
import { Await, Link, data } from "react-router";
import type { Route } from "./+types/history-search";
import { requireUser } from "~/auth/guards.server";
import { AllWorkSearch } from "~/components/history/all-work-search";
import { HistoryList } from "~/components/history/history-list";
import { LoadingHistory } from "~/components/history/history-states";
import { AppHeader } from "~/components/app-header";
import { EVERY_SECTION, normalizeSearch, projectChoices, projectFilterFound, projectParam, readHistoryPage } from "~/history/history.server";
import { ALL_SECTIONS } from "~/history/limits";
import type { HistoryPage } from "~/history/types";
import { historyTexts } from "~/messages/history";
import { FIRST_PAGE_WAIT_MS, settledOrStreamed } from "~/lib/in-time.server";
import { projectErrorTexts } from "~/messages/projects";
import { privatePageMeta } from "~/lib/page-meta";

type PageResult = ({ ok: true } & HistoryPage) | { ok: false; message: string };

export function meta() {
  return privatePageMeta(historyTexts.allSearchTitle, { robots: "noindex" });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * `/history/search?q=&project=`: the dashboard's search of all six sections' history, optionally
 * of one project's conversations (or of those without one). The first page of matches streams
 * in; each card says its section and continues in its tool.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { user } = requireUser(request, context);
  const query = normalizeSearch(url.searchParams.get("q"));
  // `?project=<id>|none` (issue 13): one project's conversations; another writer's project is a 404.
  const project = projectParam(url.searchParams.get("project"));
  if (!(await projectFilterFound(user.id, project))) throw data(projectErrorTexts.notFound, { status: 404 });
  const projects = await projectChoices(user.id);
  if (!query && project === undefined) return { query, project: null, projects, page: null };
  const page: Promise<PageResult> = readHistoryPage({ userId: user.id, section: EVERY_SECTION, search: query, project, cursor: null }).then(
    (result) => ({ ok: true as const, ...result }),
    (error: unknown) => {
      console.error("search of all sections could not be read", error);
      return { ok: false as const, message: historyTexts.unavailable };
    },
  );
  // Read in time, the first page is in the first HTML (no loading state, nothing moves).
  const first = await settledOrStreamed(page, FIRST_PAGE_WAIT_MS);
  return { query, project: project ?? null, projects, page: first.value };
}

export default function HistorySearchRoute({ loaderData }: Route.ComponentProps) {
  const { query, project, projects, page } = loaderData;
  return (
    <div className="page history-page">
      <AppHeader>
        <Button asChild variant="soft">
          <Link to="/dashboard">{historyTexts.dashboard}</Link>
        </Button>
      </AppHeader>
      <main className="page-main">
        <Heading as="h1" size="8" mb="4">
          {historyTexts.allSearchTitle}
        </Heading>
        <AllWorkSearch query={query} project={project} projects={projects} />
        {page ? (
          <Suspense key={`${query}:${project}`} fallback={<LoadingHistory />}>
            <Await resolve={page}>
              {(first) => <HistoryList key={`${query}:${project}`} section={ALL_SECTIONS} query={query} starred={false} project={project} first={first} />}
            </Await>
          </Suspense>
        ) : (
          <Text as="p" size="3" color="gray">
            {historyTexts.allSearchIntro}
          </Text>
        )}
      </main>
    </div>
  );
}
