/**
 * The project pages' calls to the projects API, from the browser. Each throws an Error whose
 * message is the server's own (`{error}`), or a plain sentence when the server was not reached.
 */
import { projectPageTexts } from "~/messages/project-pages";
import type { BibleEntry } from "./bible";
import type { EntryChanges, NewEntry, Project, ProjectChanges, ProjectSummary, ProjectWithEntries } from "./types";

type Call = { method?: string; json?: unknown; markdown?: string };

async function call<T>(input: string, { method = "GET", json, markdown }: Call = {}): Promise<T> {
  let response: Response;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  if (markdown !== undefined) headers["Content-Type"] = "text/markdown; charset=utf-8";
  try {
    response = await fetch(input, { method, headers, body: json !== undefined ? JSON.stringify(json) : markdown });
  } catch {
    throw new Error(projectPageTexts.connectionLost);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: the status line says what happened
  }
  if (!response.ok) {
    const error = body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : null;
    throw new Error(error ?? projectPageTexts.serverAnswered(response.status));
  }
  return body as T;
}

const projectUrl = (id: string) => `/api/projects/${encodeURIComponent(id)}`;
const entryUrl = (projectId: string, entryId: string) => `${projectUrl(projectId)}/entries/${encodeURIComponent(entryId)}`;

export const listProjects = () => call<{ projects: ProjectSummary[]; activeProjectId: string | null }>("/api/projects");

export const createProject = (input: { title: string; logline?: string; kind?: string | null }) =>
  call<Project>("/api/projects", { method: "POST", json: input });

export const readProject = (id: string) => call<ProjectWithEntries>(projectUrl(id));

export const updateProject = (id: string, changes: ProjectChanges) => call<Project>(projectUrl(id), { method: "PATCH", json: changes });

export const deleteProject = (id: string, conversations: "detach" | "delete") =>
  call<{ ok: true }>(`${projectUrl(id)}?conversations=${conversations}`, { method: "DELETE" });

export const createEntries = (projectId: string, entries: NewEntry[]) =>
  call<{ entries: BibleEntry[] }>(`${projectUrl(projectId)}/entries`, { method: "POST", json: { entries } });

export const updateEntry = (projectId: string, entryId: string, changes: EntryChanges) =>
  call<BibleEntry>(entryUrl(projectId, entryId), { method: "PATCH", json: changes });

export const deleteEntry = (projectId: string, entryId: string) => call<{ ok: true }>(entryUrl(projectId, entryId), { method: "DELETE" });

export const setActiveProject = (projectId: string | null) =>
  call<{ activeProjectId: string | null }>("/api/active-project", { method: "PUT", json: { projectId } });

/** The bundle helper's route. */
export const exportZipUrl = (id: string) => `${projectUrl(id)}/export.zip`;

export const importBible = (id: string, markdown: string) =>
  call<unknown>(`${projectUrl(id)}/import`, { method: "POST", markdown });
