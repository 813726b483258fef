import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/projects";
import { requireUser } from "~/auth/guards.server";
import { AppHeader } from "~/components/app-header";
import { NewProjectDialog } from "~/components/projects/new-project-dialog";
import { getDb } from "~/lib/db.server";
import { projectKindLabels, projectPageTexts as texts } from "~/messages/project-pages";
import { privatePageMeta } from "~/lib/page-meta";
import { asProjectKind, type ProjectSummary } from "~/projects/types";
import { listProjects } from "~db/queries/projects";

export function meta() {
  return privatePageMeta(texts.projects, { robots: "noindex" });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** `/projects`: the writer's projects, newest change first; archived ones folded at the end. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireUser(request, context);
  const projects = await listProjects({ db: getDb(), userId: user.id, includeArchived: true });
  return {
    projects: projects.map(
      (project): ProjectSummary => ({
        ...project,
        kind: asProjectKind(project.kind),
        archivedAt: project.archivedAt ? new Date(project.archivedAt).toISOString() : null,
        updatedAt: new Date(project.updatedAt).toISOString(),
      }),
    ),
  };
}

function ProjectCard({ project }: { project: ProjectSummary }) {
  return (
    <Card asChild size="2" className="glass-card project-card">
      <Link to={`/projects/${project.id}`}>
        <Flex direction="column" gap="1">
          <Flex gap="2" align="center" wrap="wrap">
            <Heading as="h2" size="4">
              {project.title}
            </Heading>
            {project.kind ? (
              <Badge variant="soft" color="gray">
                {projectKindLabels[project.kind]}
              </Badge>
            ) : null}
          </Flex>
          {project.logline ? (
            <Text as="p" size="2">
              {project.logline}
            </Text>
          ) : null}
          <Text as="p" size="1" color="gray">
            {texts.counts(project.entryCount, project.conversationCount)}
          </Text>
        </Flex>
      </Link>
    </Card>
  );
}

function ProjectList({ projects }: { projects: ProjectSummary[] }) {
  return (
    <ul className="card-grid project-grid">
      {projects.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} />
        </li>
      ))}
    </ul>
  );
}

export default function ProjectsRoute({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const current = loaderData.projects.filter((project) => !project.archivedAt);
  const archived = loaderData.projects.filter((project) => project.archivedAt);
  return (
    <div className="page projects-page">
      <AppHeader>
        <Button asChild variant="soft">
          <Link to="/dashboard">{texts.dashboard}</Link>
        </Button>
      </AppHeader>
      <main className="page-main">
        <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
          <Heading as="h1" size="8">
            {texts.listTitle}
          </Heading>
          <Button size="3" onClick={() => setCreating(true)}>
            {texts.newProject}
          </Button>
        </Flex>
        <Text as="p" size="3" color="gray" mb="5">
          {texts.listIntro}
        </Text>
        <section aria-label={texts.projects}>
          {current.length > 0 ? <ProjectList projects={current} /> : <Text as="p">{texts.empty}</Text>}
        </section>
        {archived.length > 0 ? (
          <details className="projects-archived">
            <summary>{texts.archivedHeading(archived.length)}</summary>
            <ProjectList projects={archived} />
          </details>
        ) : null}
        <NewProjectDialog open={creating} onOpenChange={setCreating} onCreated={(project) => navigate(`/projects/${project.id}`)} />
      </main>
    </div>
  );
}
