/**
 * What the tool pages and the dashboard need of the writer's projects: the ones the picker offers
 * (not archived) and the active one with its bible (Step 2's prefill), for this writer only.
 */
import { getDb } from "~/lib/db.server";
import { listProjects, readActiveProject, readProject } from "~db/queries/projects";
import { activeProjectOf, type PickerProjects } from "./active-project";

export async function loadActiveProject(userId: string): Promise<PickerProjects> {
  const db = getDb();
  const [projects, active] = await Promise.all([listProjects({ db, userId }), readActiveProject({ db, userId })]);
  const found = active ? await readProject({ db, userId, id: active.id }) : null;
  return {
    projects: projects.map((project) => ({ id: project.id, title: project.title })),
    active: found ? activeProjectOf(found) : null,
  };
}

/** The picker alone (the dashboard): the projects, and which one is active. */
export async function loadProjectChoice(userId: string): Promise<{ projects: { id: string; title: string }[]; activeId: string | null }> {
  const db = getDb();
  const [projects, active] = await Promise.all([listProjects({ db, userId }), readActiveProject({ db, userId })]);
  return { projects: projects.map((project) => ({ id: project.id, title: project.title })), activeId: active?.id ?? null };
}
