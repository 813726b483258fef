import { Button, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/project";
import { requireUser } from "~/auth/guards.server";
import { toolForQueryType } from "~/catalog/history";
import { historyPath } from "~/catalog/tools";
import { AppHeader } from "~/components/app-header";
import { BibleSections, ProjectIdentity } from "~/components/projects/bible-sections";
import { EntriesSection } from "~/components/projects/entries-section";
import { ProjectConversations, type ProjectConversation } from "~/components/projects/project-conversations";
import { ProjectManage } from "~/components/projects/project-manage";
import { UnsavedGuard } from "~/components/projects/unsaved-guard";
import { EVERY_SECTION, readHistoryPage } from "~/history/history.server";
import { getDb } from "~/lib/db.server";
import { projectPageTexts as texts } from "~/messages/project-pages";
import { projectErrorTexts } from "~/messages/projects";
import { privatePageMeta } from "~/lib/page-meta";
import { asProjectKind, type ProjectWithEntries } from "~/projects/types";
import { readProject } from "~db/queries/projects";

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.project.title ?? texts.projects, { robots: "noindex" });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const iso = (date: Date | string | number | null) => (date === null ? null : new Date(date).toISOString());

/** `/projects/:id`: one of the writer's projects — its bible and its conversations. Another writer's id: 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = requireUser(request, context);
  const found = await readProject({ db: getDb(), userId: user.id, id: params.id });
  if (!found) throw data(projectErrorTexts.notFound, { status: 404 });
  const history = await readHistoryPage({ userId: user.id, section: EVERY_SECTION, search: "", cursor: null, project: found.id });
  const conversations = history.entries.map((item): ProjectConversation => {
    const tool = toolForQueryType(item.queryType);
    return {
      id: item.id,
      title: item.title,
      label: item.label,
      section: tool?.cardLabel ?? item.label,
      historyPath: tool ? `${historyPath(tool)}?project=${encodeURIComponent(found.id)}` : "/dashboard",
      updatedAt: item.updatedAt,
    };
  });
  const project: ProjectWithEntries = {
    ...found,
    kind: asProjectKind(found.kind),
    archivedAt: iso(found.archivedAt),
    createdAt: iso(found.createdAt)!,
    updatedAt: iso(found.updatedAt)!,
  };
  return { project, conversations };
}

export default function ProjectRoute({ loaderData }: Route.ComponentProps) {
  const { project, conversations } = loaderData;
  const [title, setTitle] = useState(project.title);
  return (
    <div className="page project-page">
      <AppHeader>
        <Button asChild variant="soft">
          <Link to="/projects">{texts.allProjects}</Link>
        </Button>
        <Button asChild variant="soft">
          <Link to="/dashboard">{texts.dashboard}</Link>
        </Button>
      </AppHeader>
      <main className="page-main project-main">
        <UnsavedGuard key={project.id}>
          <Heading as="h1" size="8" mb="1">
            {title}
          </Heading>
          <Text as="p" size="3" color="gray" mb="4">
            {texts.bible}
          </Text>
          <div className="project-columns">
            <div className="project-column">
              <ProjectIdentity project={project} onTitle={setTitle} />
              <BibleSections project={project} />
            </div>
            <div className="project-column">
              <EntriesSection projectId={project.id} initial={project.entries} />
              <ProjectConversations conversations={conversations} />
              <ProjectManage id={project.id} title={title} archived={project.archivedAt !== null} />
            </div>
          </div>
        </UnsavedGuard>
      </main>
    </div>
  );
}
