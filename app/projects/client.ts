/**
 * The project pages' calls to the projects API, through the one API client (lib/api-client.ts):
 * each throws an Error fit to show.
 */
import { callApi as call } from "~/lib/api-client";
import type { BibleEntry } from "./bible";
import type { EntryChanges, NewEntry, Project, ProjectChanges, ProjectWithEntries } from "./types";

const projectUrl = (id: string) => `/api/projects/${encodeURIComponent(id)}`;
const entryUrl = (projectId: string, entryId: string) => `${projectUrl(projectId)}/entries/${encodeURIComponent(entryId)}`;

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
